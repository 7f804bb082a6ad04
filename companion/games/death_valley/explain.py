"""Death Valley outcomes, risks and states as localized sentences (shared by the CLI and the TUI).

Every function takes a :class:`companion.i18n.Translator`; nothing here changes state.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.errors import CompanionError
from companion.games.death_valley.catalog import Catalog
from companion.games.death_valley.engine import ROBOT, Outcome, RobotDecision, State, Task, result, score
from companion.games.death_valley.messages import BUST_MESSAGES, GENERIC_NAMES, HAZARD_NAMES, MODE_TITLES
from companion.games.death_valley.risk import BustRisk, bust_risk
from companion.i18n import Translator


# -- names ------------------------------------------------------------------------------------------
def card_name(catalog: Catalog, card_id: str, tr: Translator) -> str:
    """The catalog's name for the locale (then English), else the generic "Flood 2"."""
    card = catalog[card_id]
    name = card.names.get(tr.locale) or card.names.get("en")
    if name:
        return name
    return tr.gettext(GENERIC_NAMES[card.hazard], number=card.number)


def hazard_name(hazard: str, tr: Translator) -> str:
    return tr.gettext(HAZARD_NAMES[hazard])


def player_name(state: State, player: str, tr: Translator) -> str:
    return tr.gettext("Robot") if state.mode == "solo" and player == ROBOT else player


def _cards(state: State, cards: Iterable[str], tr: Translator) -> str:
    return tr.join(card_name(state.catalog, c, tr) for c in cards)


def error_text(error: CompanionError, state: State, tr: Translator) -> str:
    """Like :func:`companion.messages.describe_error`, with card names and the robot's name."""
    from companion.messages import describe

    params = dict(error.params)
    for key in ("card", "faceup"):
        if params.get(key) in state.catalog:
            params[key] = card_name(state.catalog, params[key], tr)
    for key in ("player", "active"):
        if key in params and params[key] in state.players:
            params[key] = player_name(state, params[key], tr)
    return describe(error.code, params, tr)


# -- outcomes ---------------------------------------------------------------------------------------
def describe_robot(decision: RobotDecision, state: State, tr: Translator, card: str | None = None) -> str:
    """Which rule the robot follows and why; ``card`` is the deck card once known (rule 3)."""
    faceup = card_name(state.catalog, decision.faceup, tr)
    human = player_name(state, state.human, tr)
    if decision.rule == 1:
        if set(decision.would_bust) == {state.human, ROBOT}:
            return tr.gettext("Robot, rule 1: the face-up card {card} would make both {player} and the robot "
                              "bust, so the robot gives it to {player}.", card=faceup, player=human)
        if decision.would_bust == (ROBOT,):
            return tr.gettext("Robot, rule 1: the face-up card {card} would make the robot bust, so the robot "
                              "gives it to {player}.", card=faceup, player=human)
        return tr.gettext("Robot, rule 1: the face-up card {card} would make {player} bust, so the robot "
                          "gives it to {player}.", card=faceup, player=human)
    if decision.rule == 2:
        return tr.gettext("Robot, rule 2: no card in the robot's journey shares the hazard of the face-up "
                          "card {card}, so the robot takes it.", card=faceup)
    if card is None:
        return tr.gettext("Robot, rule 3: the robot already has a card with the same hazard as the face-up "
                          "card {faceup}, so it takes the top deck card. Draw it and record which card it is.",
                          faceup=faceup)
    return tr.gettext("Robot, rule 3: the robot already has a card with the same hazard as the face-up card "
                      "{faceup}, so it takes the top deck card: {card}.",
                      faceup=faceup, card=card_name(state.catalog, card, tr))


def describe_task(task: Task, state: State, tr: Translator, after_discard: bool = True) -> str:
    who = player_name(state, task.player, tr) if task.player else ""
    if task.kind == "discard":
        return tr.gettext("Put {card} from {player}'s journey face down on the discard pile.",
                          card=card_name(state.catalog, task.cards[0], tr), player=who)
    if task.kind == "shuffle":
        names = _cards(state, task.cards, tr)
        if after_discard:
            return tr.ngettext("Shuffle {player}'s {n} other journey card into the deck: {cards}.",
                               "Shuffle {player}'s other {n} journey cards into the deck: {cards}.",
                               len(task.cards), player=who, cards=names)
        return tr.ngettext("No card of that hazard is in the journey: shuffle {player}'s {n} journey card "
                           "into the deck: {cards}.",
                           "No card of that hazard is in the journey: shuffle {player}'s {n} journey cards "
                           "into the deck: {cards}.", len(task.cards), player=who, cards=names)
    if task.kind == "place":
        return tr.gettext("Put {card} at the right end of {player}'s journey.",
                          card=card_name(state.catalog, task.cards[0], tr), player=who)
    return tr.gettext("Flip the top deck card face up and record which card it is.")


def _action(outcome: Outcome, state: State, tr: Translator) -> list[str]:
    def name(card: str | None) -> str:
        assert card is not None  # every event that reaches a line naming its card records one
        return card_name(state.catalog, card, tr)

    who = player_name(state, outcome.player, tr) if outcome.player else ""
    kind = outcome.event
    if kind == "reveal":
        return [tr.gettext("{card} is the face-up desert card now.", card=name(outcome.card))]
    if kind == "stars":
        assert outcome.stars is not None  # a stars outcome carries the new value
        return [tr.ngettext("{card} has {n} star.", "{card} has {n} stars.", outcome.stars,
                            card=name(outcome.card))]
    if kind == "ability":
        assert outcome.points is not None  # an ability outcome carries the new score
        return [tr.ngettext("The ability of {card} scores {n} point.", "The ability of {card} scores {n} points.",
                            outcome.points, card=name(outcome.card))]
    if kind == "travel":
        assert outcome.to is not None  # a travel outcome names whose journey got the card
        if outcome.to != outcome.player:
            return [tr.gettext("{player} puts the face-up card {card} into {other}'s journey (Backseat Driver).",
                               player=who, card=name(outcome.card), other=player_name(state, outcome.to, tr))]
        if outcome.source == "faceup":
            return [tr.gettext("{player} adds the face-up card {card} to their journey.",
                               player=who, card=name(outcome.card))]
        return [tr.gettext("{player} adds {card} from the top of the deck to their journey.",
                           player=who, card=name(outcome.card))]
    if kind == "rest":
        lines = [tr.gettext("{player} rests: {card} goes to the end of their album.",
                            player=who, card=name(outcome.card))]
        if outcome.tucked:
            lines.append(tr.ngettext("{n} card is tucked under it and hidden: {cards}.",
                                     "{n} cards are tucked under it and hidden: {cards}.",
                                     len(outcome.tucked), cards=_cards(state, outcome.tucked, tr)))
        if outcome.returned:
            lines.append(tr.ngettext("{n} journey card goes back into the deck: {cards}.",
                                     "{n} journey cards go back into the deck: {cards}.",
                                     len(outcome.returned), cards=_cards(state, outcome.returned, tr)))
        return lines
    if kind == "move":
        zone, _, owner = (outcome.to or "").partition(":")
        owner_name = player_name(state, owner, tr) if owner else ""
        texts = {
            "desert": tr.gettext("Ability: {card} is now the face-up desert card.", card=name(outcome.card)),
            "deck": tr.gettext("Ability: {card} is now in the deck.", card=name(outcome.card)),
            "discard": tr.gettext("Ability: {card} is now on the discard pile.", card=name(outcome.card)),
            "journey": tr.gettext("Ability: {card} is now at the end of {player}'s journey.",
                                  card=name(outcome.card), player=owner_name),
            "album": tr.gettext("Ability: {card} is now at the end of {player}'s album.",
                                card=name(outcome.card), player=owner_name),
        }
        return [texts[zone]]
    if kind == "end_turn":
        return [tr.gettext("{player} ends the turn; an ability took the place of the action.", player=who)]
    if kind == "robot" and outcome.robot is not None:
        deck_card = outcome.card if outcome.robot.takes_deck else None
        return [describe_robot(outcome.robot, state, tr, deck_card)]
    return []


def winner_lines(state: State, tr: Translator) -> list[str]:
    """Who wins, then the rule that decided it (points, the tie on busts, a shared win, the robot's rule)."""
    decided = result(state)
    if decided.decided_by == "robot_busts":
        return [tr.gettext("The robot wins: it busted no more often than {player}.",
                           player=player_name(state, state.human, tr)),
                tr.gettext("Busts: the robot {robot}, {player} {human}.",
                           robot=state.busts[ROBOT], human=state.busts[state.human],
                           player=player_name(state, state.human, tr))]
    names = tr.join(player_name(state, p, tr) for p in decided.winners)
    return [tr.ngettext("Winner: {players}.", "Winners: {players}.", len(decided.winners), players=names),
            decision_line(state, tr)]


def decision_line(state: State, tr: Translator) -> str:
    """How the points and, for a tie, the busts decided the game ("Ava wins the tie on busts: 1 against 2")."""
    decided = result(state)
    points = {p: score(state, p).total for p in state.players}
    others = [p for p in state.players if p not in decided.leaders]
    if decided.decided_by == "points":
        return tr.gettext("{winner} wins on points: {score} against {other}.",
                          winner=player_name(state, decided.winners[0], tr), score=decided.best,
                          other=tr.join(tr.num(points[p]) for p in others))
    leaders = tr.join(player_name(state, p, tr) for p in decided.leaders)
    if decided.decided_by == "fewer_busts":
        losers = [p for p in decided.leaders if p not in decided.winners]
        return tr.gettext("{players} are tied on points ({score}); {winner} wins the tie on busts: "
                          "{busts} against {other}.", players=leaders, score=decided.best,
                          winner=tr.join(player_name(state, p, tr) for p in decided.winners), busts=decided.busts,
                          other=tr.join(tr.num(state.busts[p]) for p in losers))
    return tr.gettext("{players} are tied on points ({score}) and on busts ({busts}): they share the win.",
                      players=leaders, score=decided.best, busts=decided.busts)


def breakdown_lines(state: State, tr: Translator) -> list[str]:
    """Each player's score taken apart: journey stars, abilities (and the robot's bonus), busts."""
    lines = []
    cat = state.catalog
    for player in state.players:
        who = player_name(state, player, tr)
        part = score(state, player)
        if part.bonus or (player == ROBOT and state.options.get("robot_discard_bonus")):
            lines.append(tr.gettext("{player}: score {score} = journey stars {stars} + abilities {abilities} "
                                    "+ discard pile {bonus}; busts {busts}.", player=who, score=part.total,
                                    stars=part.stars, abilities=part.abilities, bonus=part.bonus,
                                    busts=state.busts[player]))
        else:
            lines.append(tr.gettext("{player}: score {score} = journey stars {stars} + abilities {abilities}; "
                                    "busts {busts}.", player=who, score=part.total, stars=part.stars,
                                    abilities=part.abilities, busts=state.busts[player]))
        counted = state.journeys[player] if player == ROBOT else state.visible(player)
        scoring = [c for c in counted if cat[c].ability and (player != ROBOT or cat[c].ability > 0)]
        if scoring:
            # Each part on its own (a call nested in another's arguments is not extracted for translation).
            parts = [tr.gettext("{card} ({points})", card=card_name(cat, c, tr), points=cat[c].ability)
                     for c in scoring]
            lines.append(tr.gettext("Abilities of {player}: {cards}.", player=who, cards=tr.join(parts)))
    return lines


def describe_outcome(outcome: Outcome, state: State, tr: Translator) -> list[str]:
    """What just happened and what the host must now do.  ``state`` is the state after the event."""
    lines = _action(outcome, state, tr)
    if outcome.event == "reveal" and not state.finished:
        lines.append(next_line(state, tr))
    for task in outcome.tasks:
        if task.kind == "place":
            lines.append(describe_task(task, state, tr))
    for bust in outcome.busts:
        who = player_name(state, bust.player, tr)
        for hazard in bust.hazards:
            lines.append(tr.gettext(BUST_MESSAGES[hazard], player=who))
        if bust.discarded:
            lines.append(describe_task(Task("discard", (bust.discarded,), bust.player), state, tr))
        if bust.shuffled:
            lines.append(describe_task(Task("shuffle", bust.shuffled, bust.player), state, tr,
                                       after_discard=bust.discarded is not None))
        if not bust.discarded and not bust.shuffled:
            lines.append(tr.gettext("{player}'s journey is empty: nothing to discard or shuffle.", player=who))
        lines.append(tr.ngettext("{player} has busted {n} time so far.", "{player} has busted {n} times so far.",
                                 bust.total, player=who))
    if outcome.event in ("stars", "ability") and state.finished:
        lines += winner_lines(state, tr)  # a late correction can change the result
    if outcome.finished and outcome.turn_ended:
        lines.append(tr.ngettext("The desert has {n} card left: the game is over.",
                                 "The desert has {n} cards left: the game is over.", state.desert_count))
        lines += winner_lines(state, tr)
    elif any(t.kind == "flip" for t in outcome.tasks):
        lines.append(describe_task(Task("flip"), state, tr))
    elif outcome.turn_ended and outcome.next_player:
        lines.append(next_line(state, tr))
    return lines


def next_line(state: State, tr: Translator) -> str:
    if state.needs_reveal:
        return tr.gettext("Flip the top deck card face up and record which card it is.")
    if state.active == ROBOT and state.mode == "solo":
        return tr.gettext("The robot's turn: record its move.")
    return tr.gettext("{player}'s turn.", player=state.active)


# -- warnings ---------------------------------------------------------------------------------------
def describe_risk(risk: BustRisk, state: State, tr: Translator) -> list[str]:
    """The warning for one journey: only about the cards that can reach it now (``risk.gets``): the
    other player in Backseat Driver or solo can be given the face-up card, never a deck card."""
    who = player_name(state, risk.player, tr)
    if not risk.any:
        return [tr.gettext("{player} is not one card away from a bust.", player=who)]
    lines = [tr.gettext("{player} is one card away from a bust in: {hazards}.", player=who,
                        hazards=tr.join(hazard_name(h, tr) for h in risk.hazards))]
    if risk.faceup_busts and state.faceup and "faceup" in risk.gets:
        if risk.player == state.active:
            lines.append(tr.gettext("Taking the face-up card {card} would bust {player}.",
                                    card=card_name(state.catalog, state.faceup, tr), player=who))
        else:
            lines.append(tr.gettext("The face-up card {card} would bust {player} if it went into their journey.",
                                    card=card_name(state.catalog, state.faceup, tr), player=who))
    if risk.chance is not None and "deck" in risk.gets:
        lines.append(tr.gettext("Chance that the top deck card busts {player}: {chance} ({percent}).",
                                player=who, chance=risk.chance, percent=tr.percent(risk.chance)))
    return lines


# -- the whole state (companion replay) -------------------------------------------------------------
def _album(state: State, player: str, tr: Translator) -> str:
    items = []
    for entry in state.albums[player]:
        name = card_name(state.catalog, entry.card, tr)
        if entry.hidden:
            items.append(tr.ngettext("{card} with {n} hidden card", "{card} with {n} hidden cards",
                                     len(entry.hidden), card=name))
        else:
            items.append(name)
    return tr.join(items)


def report(state: State, tr: Translator) -> list[str]:
    lines = [tr.gettext(MODE_TITLES[state.mode])]
    if state.mode == "solo" and state.options.get("robot_discard_bonus"):
        lines.append(tr.gettext("Harder setting: the robot scores 1 point for each card on the discard pile."))
    if state.mode == "solo" and state.options.get("robot_bust_rule"):
        lines.append(tr.gettext("Harder setting: the robot wins if it busted no more often than you."))
    lines.append(tr.ngettext("{n} event applied.", "{n} events applied.", state.events))
    if state.faceup:
        lines.append(tr.ngettext("Desert: {card} face up and {n} card in the deck.",
                                 "Desert: {card} face up and {n} cards in the deck.", len(state.deck),
                                 card=card_name(state.catalog, state.faceup, tr)))
    else:
        lines.append(tr.ngettext("Desert: no face-up card and {n} card in the deck.",
                                 "Desert: no face-up card and {n} cards in the deck.", len(state.deck)))
    lines.append(tr.ngettext("Discard pile: {n} card.", "Discard pile: {n} cards.", len(state.discard)))
    for player in state.players:
        who = player_name(state, player, tr)
        total = score(state, player).total
        lines.append(tr.gettext("{player}: score {score}, busts {busts}.", player=who, score=total,
                                busts=state.busts[player]))
        journey = state.journeys[player]
        if journey:
            lines.append(tr.gettext("Journey of {player}: {cards}.", player=who, cards=_cards(state, journey, tr)))
        else:
            lines.append(tr.gettext("Journey of {player}: empty.", player=who))
        if state.albums[player]:
            lines.append(tr.gettext("Album of {player}: {cards}.", player=who, cards=_album(state, player, tr)))
    from companion.games.death_valley.engine import stars_unknown

    unknown = stars_unknown(state)
    if unknown:
        lines.append(tr.gettext("Stars not known yet (counted as 0): {cards}.", cards=_cards(state, unknown, tr)))
    if state.finished:
        lines.append(tr.gettext("The game is over."))
        lines += winner_lines(state, tr)
        lines += breakdown_lines(state, tr)
    else:
        lines.append(next_line(state, tr))
        if not state.needs_reveal:
            lines += describe_risk(bust_risk(state), state, tr)
    return lines


# -- one line per event (the running log, undo and redo) --------------------------------------------
def event_line(outcome: Outcome, state: State, tr: Translator) -> str:
    """The event in one short line, with its busts and the end of the game if it brought them."""
    def name(card: str | None) -> str:
        return card_name(state.catalog, card, tr) if card else ""

    who = player_name(state, outcome.player, tr) if outcome.player else ""
    kind = outcome.event
    if kind == "reveal":
        line = tr.gettext("Face up: {card}.", card=name(outcome.card))
    elif kind == "travel" and outcome.to != outcome.player:
        line = tr.gettext("{player} gives the face-up {card} to {other}.", player=who, card=name(outcome.card),
                          other=player_name(state, outcome.to or "", tr))
    elif kind == "travel" and outcome.source == "faceup":
        line = tr.gettext("{player} takes the face-up {card}.", player=who, card=name(outcome.card))
    elif kind == "travel":
        line = tr.gettext("{player} draws {card} from the deck.", player=who, card=name(outcome.card))
    elif kind == "robot" and outcome.robot is not None:
        if outcome.robot.to != ROBOT:
            line = tr.gettext("Robot, rule {rule}: gives {card} to {player}.", rule=outcome.robot.rule,
                              card=name(outcome.card), player=player_name(state, outcome.robot.to, tr))
        elif outcome.robot.takes_deck:
            line = tr.gettext("Robot, rule {rule}: draws {card} from the deck.", rule=outcome.robot.rule,
                              card=name(outcome.card))
        else:
            line = tr.gettext("Robot, rule {rule}: takes {card}.", rule=outcome.robot.rule, card=name(outcome.card))
    elif kind == "rest":
        line = tr.ngettext("{player} rests with {card} ({n} card tucked).", "{player} rests with {card} "
                           "({n} cards tucked).", len(outcome.tucked), player=who, card=name(outcome.card)) \
            if outcome.tucked else tr.gettext("{player} rests with {card}.", player=who, card=name(outcome.card))
    elif kind == "end_turn":
        line = tr.gettext("{player} ends the turn after an ability.", player=who)
    else:  # stars, ability, move: the full sentence is short already
        line = _action(outcome, state, tr)[0]
    for bust in outcome.busts:
        busted = player_name(state, bust.player, tr)
        if bust.discarded:
            line += " " + tr.gettext("{player} busts: {card} goes to the discard pile.", player=busted,
                                     card=name(bust.discarded))
        else:
            line += " " + tr.gettext("{player} busts.", player=busted)
    if outcome.finished and outcome.turn_ended:
        line += " " + tr.gettext("The game is over.")
    return line
