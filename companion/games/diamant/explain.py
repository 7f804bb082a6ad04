"""Diamant outcomes and states in words, with the arithmetic shown (shared by the CLI and the TUI)."""

from __future__ import annotations

from companion.explain import equation  # noqa: F401  (re-exported: shells import it from here)
from companion.games.diamant.engine import HAZARD, RELIC, TREASURE, Card, Drawn, Left, RoundEnd, State
from companion.games.diamant.messages import COIN_NAMES, HAZARD_NAMES, RULESET_NAMES
from companion.games.diamant.odds import odds
from companion.games.diamant.rules import Ruleset
from companion.i18n import Translator, current


def hazard_name(hazard: str, tr: Translator) -> str:
    return tr.gettext(HAZARD_NAMES[hazard]) if hazard in HAZARD_NAMES else hazard


def ruleset_name(ruleset_id: str, tr: Translator) -> str:
    return tr.gettext(RULESET_NAMES[ruleset_id]) if ruleset_id in RULESET_NAMES else ruleset_id


def card_label(card: Card, tr: Translator) -> str:
    if card.kind == TREASURE:
        return tr.gettext("treasure {value}", value=card.value)
    if card.kind == HAZARD:
        return hazard_name(card.hazard or "", tr)
    if card.value:
        return tr.gettext("relic ({value})", value=card.value)
    return tr.gettext("relic")


def coins(amount: int, rules: Ruleset, tr: Translator) -> str:
    from companion.games.diamant import denominations

    parts = [tr.ngettext(*COIN_NAMES[coin], count) if coin in COIN_NAMES else f"{tr.num(count)} {coin}"
             for coin, count in denominations(rules, amount)]
    return tr.join(parts) if parts else tr.gettext("no gems")


def describe(outcome: object, tr: Translator | None = None) -> list[str]:
    """Sentences for one outcome, arithmetic included."""
    tr = tr or current()
    if isinstance(outcome, Drawn):
        return _drawn(outcome, tr)
    if isinstance(outcome, Left):
        return _left(outcome, tr)
    return []


def _drawn(o: Drawn, tr: Translator) -> list[str]:
    lines = []
    if o.round_started:
        lines.append(tr.gettext("Round {round} begins: everyone is in the cave.", round=o.round_started))
    card = o.card
    if card.kind == TREASURE and o.split:
        if o.extra:
            lines.append(tr.ngettext("{equation}: each gets {each}; the {left} extra gem is dealt to {names}.",
                                     "{equation}: each gets {each}; "
                                     "the {left} extra gems are dealt one each to {names}.",
                                     o.split.left, equation=equation(o.split, tr), each=o.split.each,
                                     left=o.split.left, names=tr.join(p for p, _n in o.extra)))
        elif o.split.left:
            lines.append(tr.ngettext("{equation}: each gets {each}, {left} stays on the card.",
                                     "{equation}: each gets {each}, {left} stay on the card.",
                                     o.split.left,
                                    equation=equation(o.split, tr), each=o.split.each, left=o.split.left))
        else:
            lines.append(tr.gettext("{equation}: each gets {each}, nothing stays on the card.",
                                    equation=equation(o.split, tr), each=o.split.each))
    elif card.kind == HAZARD:
        name = hazard_name(card.hazard or "", tr)
        if o.bust:
            lines.append(tr.gettext("A second {hazard}: the cave collapses on everyone still inside!", hazard=name))
            for player, lost in o.bust.losers:
                lines.append(tr.ngettext("{player} loses the {n} gem they carried.",
                                         "{player} loses the {n} gems they carried.", lost, player=player))
            lines.append(tr.gettext("One {hazard} card leaves the game; the other goes back into the deck.",
                                    hazard=name))
        else:
            lines.append(tr.gettext("First {hazard} this round: nothing happens yet, but a second one ends the round.",
                                    hazard=name))
    elif card.kind == RELIC:
        if o.relic_claim == "last_leaver":
            lines.append(tr.gettext("A treasure card lies on the path; the last explorers to leave the cave share it."))
        else:
            lines.append(tr.gettext("A relic lies on the path; only an explorer who leaves alone can take it."))
    if o.round_end:
        lines.extend(_round_end(o.round_end, tr))
    return lines


def _left(o: Left, tr: Translator) -> list[str]:
    lines = [tr.gettext("Leaving: {names}.", names=tr.join(o.leavers))]
    for share in o.shares:
        parts, eq = share.split, equation(share.split, tr)
        if share.index < 0 and parts.left:
            lines.append(tr.ngettext(
                "The gems on the path, pooled: {equation}: each leaver gets {each}, {left} goes back onto a card.",
                "The gems on the path, pooled: {equation}: each leaver gets {each}, {left} go back onto a card.",
                parts.left, equation=eq, each=parts.each, left=parts.left))
        elif share.index < 0:
            lines.append(tr.gettext("The gems on the path, pooled: "
                                    "{equation}: each leaver gets {each}, nothing is left.",
                                    equation=eq, each=parts.each))
        elif parts.left:
            lines.append(tr.ngettext("Card {position}: {equation}: each leaver gets {each}, {left} stays on the card.",
                                     "Card {position}: {equation}: each leaver gets {each}, {left} stay on the card.",
                                     parts.left, position=share.index + 1, equation=eq, each=parts.each,
                                     left=parts.left))
        else:
            lines.append(tr.gettext("Card {position}: {equation}: each leaver gets {each}, nothing stays on the card.",
                                    position=share.index + 1, equation=eq, each=parts.each))
    if not o.shares:
        lines.append(tr.gettext("No gems are left on the path to share."))
    for claim in o.relics:
        lines.append(tr.gettext("{player} takes a relic worth {value} (relic number {order} claimed this game).",
                                player=claim.player, value=claim.value, order=claim.order))
    if o.relic_split:
        lines.append(tr.gettext("The last explorers out share the treasure cards: {equation}.",
                                equation=equation(o.relic_split, tr)))
    if o.extra:
        extras = [tr.gettext("{player} +{n}", player=p, n=n) for p, n in o.extra]
        lines.append(tr.gettext("Extra gems dealt by the marker: {names}.", names=tr.join(extras)))
    for player, carried, path_share, relic_gems in o.banked:
        total = carried + path_share + relic_gems
        if relic_gems:
            lines.append(tr.gettext("{player} banks {carried} + {share} + {relic} = {total}.", player=player,
                                    carried=carried, share=path_share, relic=relic_gems, total=total))
        else:
            lines.append(tr.gettext("{player} banks {carried} + {share} = {total}.", player=player,
                                    carried=carried, share=path_share, total=total))
    if o.round_end:
        lines.extend(_round_end(o.round_end, tr))
    elif o.staying:
        lines.append(tr.gettext("Still in the cave: {names}.", names=tr.join(o.staying)))
    return lines


def _round_end(end: RoundEnd, tr: Translator) -> list[str]:
    lines = []
    if end.reason == "all_left":
        lines.append(tr.gettext("Everyone has left: round {round} is over.", round=end.round))
    else:
        lines.append(tr.gettext("Round {round} ends in a bust.", round=end.round))
    if end.gems_returned:
        lines.append(tr.ngettext("{n} gem left on the path goes back to the supply.",
                                 "{n} gems left on the path go back to the supply.", end.gems_returned))
    if end.relics_lost:
        lines.append(tr.ngettext("{n} relic left on the path is removed from the game.",
                                 "{n} relics left on the path are removed from the game.", end.relics_lost))
    if end.finished:
        lines.append(tr.gettext("The game is over. Winner: {names}.", names=tr.join(end.winners))
                     if len(end.winners) == 1 else
                     tr.gettext("The game is over. Shared win: {names}.", names=tr.join(end.winners)))
    return lines


def report(state: State, tr: Translator | None = None) -> list[str]:
    """Where a game stands, for ``companion replay``."""
    tr = tr or current()
    lines = [tr.gettext("{ruleset}, round {round} of {rounds}.", ruleset=ruleset_name(state.rules.id, tr),
                        round=state.round, rounds=state.rules.rounds)]
    if state.finished:
        lines.append(tr.gettext("The game is over."))
    elif not state.in_round:
        lines.append(tr.gettext("Round {round} is over; the next card drawn starts round {next}.",
                                round=state.round, next=state.round + 1))
    else:
        path = tr.join(card_label(c, tr) for c in state.path) if state.path else tr.gettext("(empty)")
        lines.append(tr.gettext("Path: {cards}.", cards=path))
        lines.append(tr.gettext("In the cave: {names}.", names=tr.join(state.cave) or tr.gettext("nobody")))
        o = odds(state)
        lines.append(tr.gettext("Chance that the next card busts: {fraction} ({percent}).",
                                fraction=tr.fraction(o.bust_next), percent=tr.percent(o.bust_next)))
    for seat, player in enumerate(state.players):
        score = state.score(seat)
        lines.append(tr.gettext("{player}: carrying {carried}, score {score} ({coins}).", player=player,
                                carried=state.carried[seat], score=score, coins=coins(score, state.rules, tr)))
    winners = state.winners()
    if winners:
        lines.append(tr.gettext("Winner: {names}.", names=tr.join(winners)) if len(winners) == 1
                     else tr.gettext("Shared win: {names}.", names=tr.join(winners)))
    return lines
