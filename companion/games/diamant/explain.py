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
                if not lost:  # nothing carried, nothing lost: no sentence about 0 gems
                    continue
                lines.append(tr.ngettext("{player} loses the {n} gem they carried.",
                                         "{player} loses the {n} gems they carried.", lost, player=player))
            lines.append(tr.gettext("One {hazard} card leaves the game; the other goes back into the deck.",
                                    hazard=name))
        else:
            lines.append(tr.gettext("First {hazard} this round: nothing happens yet, but a second one ends the round.",
                                    hazard=name))
    elif card.kind == RELIC:
        if o.relic_claim == "last_leaver":
            lines.append(tr.gettext(
                "A relic lies on the path; the explorers who leave last, emptying the cave, share its gems."))
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
        lines.append(tr.gettext("The last explorers out share the relics' gems: {equation}.",
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


# -- the end of the game: breakdown and ties ------------------------------------------------------
def counts_relics(rules: Ruleset) -> bool:
    """Whether players keep relics of their own (so a relics column means something): not in a game
    without relics (Diamant classic), nor where the relic cards' gems go into the chest (house-001)."""
    return rules.relics > 0 and rules.relic_claim == "lone_leaver"


def breakdown(state: State, seat: int, tr: Translator) -> str:
    """``Dara: chest 20 + 2 relics (5 + 10) = 35``: what one player's score is made of."""
    player, chest, values = state.players[seat], state.chest[seat], state.relics[seat]
    start, total = state.rules.starting_gems, state.score(seat)
    if counts_relics(state.rules):
        shown = " + ".join(tr.num(v) for v in values)
        if start and values:
            return tr.ngettext("{player}: chest {chest} + {n} relic ({values}) + {start} starting gems = {total}",
                               "{player}: chest {chest} + {n} relics ({values}) + {start} starting gems = {total}",
                               len(values), player=player, chest=chest, values=shown, start=start, total=total)
        if start:
            return tr.ngettext("{player}: chest {chest} + {n} starting gem, no relics = {total}",
                               "{player}: chest {chest} + {n} starting gems, no relics = {total}",
                               start, player=player, chest=chest, total=total)
        if values:
            return tr.ngettext("{player}: chest {chest} + {n} relic ({values}) = {total}",
                               "{player}: chest {chest} + {n} relics ({values}) = {total}",
                               len(values), player=player, chest=chest, values=shown, total=total)
        return tr.gettext("{player}: chest {chest}, no relics = {total}", player=player, chest=chest, total=total)
    if start:
        return tr.ngettext("{player}: chest {chest} + {start} starting gem = {total}",
                           "{player}: chest {chest} + {start} starting gems = {total}",
                           start, player=player, chest=chest, start=start, total=total)
    return tr.gettext("{player}: chest {chest}, total {total}", player=player, chest=chest, total=total)


def tie_lines(state: State, tr: Translator) -> list[str]:
    """How a tie for the best score was settled (nothing when nobody tied): on relics where the
    ruleset breaks ties that way (``Dara wins the tie on relics: 2 against 1``), else a shared win."""
    if not state.finished:
        return []
    scores = [state.score(i) for i in range(len(state.players))]
    best = max(scores)
    tied = [i for i, s in enumerate(scores) if s == best]
    if len(tied) < 2:
        return []
    names = tr.join(state.players[i] for i in tied)
    if state.rules.tiebreak != "most_relics":
        return [tr.ngettext("{names} are tied at {score} point: the rules of this edition share the win.",
                            "{names} are tied at {score} points: the rules of this edition share the win.",
                            best, names=names, score=best)]
    counts = {i: len(state.relics[i]) for i in tied}
    most = max(counts.values())
    winners = [i for i in tied if counts[i] == most]
    if len(winners) == len(tied) and not most:
        return [tr.ngettext("{names} are tied at {score} point and none has a relic: they share the win.",
                            "{names} are tied at {score} points and none has a relic: they share the win.",
                            best, names=names, score=best)]
    if len(winners) == len(tied):
        return [tr.ngettext("{names} are tied at {score} point and on relics ({relics} each): they share the win.",
                            "{names} are tied at {score} points and on relics ({relics} each): they share the win.",
                            best, names=names, score=best, relics=most)]
    numbers = [tr.num(counts[i]) for i in tied if i not in winners]
    # A list of bare numbers: Chinese writes 0、0 (its list word 和 would glue them: 0和0).
    others = "、".join(numbers) if tr.locale.startswith("zh") else tr.join(numbers)
    won = tr.join(state.players[i] for i in winners)
    return [tr.ngettext("{names} wins the tie on relics: {relics} against {others}.",
                        "{names} win the tie on relics: {relics} each against {others}.",
                        len(winners), names=won, relics=most, others=others)]


def winners_line(state: State, tr: Translator) -> str:
    winners = state.winners()
    return (tr.gettext("Winner: {names}.", names=tr.join(winners)) if len(winners) == 1
            else tr.gettext("Shared win: {names}.", names=tr.join(winners)))


def final_lines(state: State, tr: Translator) -> list[str]:
    """At the end of the game: each player's breakdown (best first), how a tie was settled, the winners."""
    if not state.finished:
        return []
    ranking = sorted(range(len(state.players)), key=lambda i: -state.score(i))
    return [breakdown(state, seat, tr) for seat in ranking] + tie_lines(state, tr) + [winners_line(state, tr)]


# -- one line per event, for the running log -------------------------------------------------------
def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def event_line(state: State, event: object, outcome: object, tr: Translator | None = None) -> str:
    """A short line for one event (``Treasure 7: 2 each, 1 stays on the path``, ``Ava and Ben leave``,
    ``Spider (2nd): bust, 12 gems lost``); ``state`` is the state right after it."""
    tr = tr or current()
    if isinstance(outcome, Drawn):
        card = outcome.card
        if card.kind == TREASURE and outcome.split is not None:
            parts = outcome.split
            if len(outcome.receivers) == 1:
                return tr.gettext("Treasure {value}: all {value} to {player}", value=card.value,
                                  player=outcome.receivers[0])
            if outcome.extra:
                return tr.gettext("Treasure {value}: {each} each, +1 for {names}", value=card.value,
                                  each=parts.each, names=tr.join(p for p, _n in outcome.extra))
            if parts.left:
                return tr.ngettext("Treasure {value}: {each} each, {left} stays on the path",
                                   "Treasure {value}: {each} each, {left} stay on the path", parts.left,
                                   value=card.value, each=parts.each, left=parts.left)
            return tr.gettext("Treasure {value}: {each} each", value=card.value, each=parts.each)
        if card.kind == HAZARD:
            name = _capital(hazard_name(card.hazard or "", tr))
            if outcome.bust is None:
                return tr.gettext("{hazard}: the first one this round", hazard=name)
            lost = sum(n for _p, n in outcome.bust.losers)
            if lost:
                return tr.ngettext("{hazard} (2nd): bust, {n} gem lost", "{hazard} (2nd): bust, {n} gems lost",
                                   lost, hazard=name)
            return tr.gettext("{hazard} (2nd): bust", hazard=name)
        if card.kind == RELIC:
            if card.value:
                return tr.gettext("A relic worth {value} on the path", value=card.value)
            return tr.gettext("A relic on the path")
    if isinstance(outcome, Left):
        names = tr.join(outcome.leavers)
        if outcome.relics:
            return tr.ngettext("{names} leaves alone with {n} relic worth {value}",
                               "{names} leaves alone with {n} relics worth {value}", len(outcome.relics),
                               names=names, value=sum(c.value for c in outcome.relics))
        if outcome.round_end is not None:
            return tr.ngettext("{names} leaves, the last one out", "{names} leave, the last ones out",
                               len(outcome.leavers), names=names)
        return tr.ngettext("{names} leaves", "{names} leave", len(outcome.leavers), names=names)
    return tr.gettext("An event was recorded.")


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
        nobody = tr.gettext("nobody")
        lines.append(tr.gettext("In the cave: {names}.", names=tr.join(state.cave) or nobody))
        o = odds(state)
        lines.append(tr.gettext("Chance that the next card busts: {fraction} ({percent}).",
                                fraction=tr.fraction(o.bust_next), percent=tr.percent(o.bust_next)))
    if state.finished:
        lines.extend(final_lines(state, tr))
        return lines
    for seat, player in enumerate(state.players):
        score = state.score(seat)
        lines.append(tr.gettext("{player}: carrying {carried}, score {score} ({coins}).", player=player,
                                carried=state.carried[seat], score=score, coins=coins(score, state.rules, tr)))
    return lines


def public_report(state: State, tr: Translator | None = None) -> list[str]:
    """:func:`report` as every player may see it (``companion share``): until the game ends, what each
    carries but not what their chest holds."""
    tr = tr or current()
    lines = report(state, tr)
    if state.finished:
        return lines
    lines = lines[: len(lines) - len(state.players)]
    lines.extend(tr.gettext("{player}: carrying {carried}.", player=player, carried=state.carried[seat])
                 for seat, player in enumerate(state.players))
    return lines
