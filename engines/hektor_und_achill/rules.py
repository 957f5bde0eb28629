"""The rules of Hektor und Achill as plain functions over :class:`State`.

Functions named ``do_*`` and the phase steps they call mutate the state they
are given; the engine calls them only on a deep copy, so ``Engine.apply``
stays pure. Section numbers are the rulebook's (``5.1 Eröffnungs-Phase``).

Settled by RULINGS (Hektor und Achill):

- A stack is *used* in a battle if it supplied a card in it: a vanguard, a
  hand card, or a draw from the home stack because the battle stack ran empty
  (:func:`take_card`). Being the battle stack alone does not make a stack used,
  and neither do the extra retreat losses (:func:`_retreat_penalty`): those
  cards never enter the battle. The final phase (5.5) checks every used stack
  of both sides: a vanguard turned up from another stack than the battle stack
  makes that stack used, too; a home stack that supplied a single fallback
  draw is used and checked.
- Retreat: the loser's hand cards are shuffled into the battle stack before
  the extra losses (one per shame token already held) are taken from its top,
  so the retreating player cannot pick which cards to lose. If the battle
  stack runs short, the rest comes from the home stack.

Decisions where rulebook and RULINGS are silent (the rules help says the same):

- Final phase order: first every used front stack with fewer than 5 cards is
  emptied onto the home stack (which is shuffled), then a used home stack is
  checked; so the remnants of a front stack can keep a home stack alive.
- Discard & draw is offered only while a card can be drawn (battle stack,
  else home stack). Change hero is offered only while the hero stack is not
  empty. Any card that must be drawn and is missing from the battle stack comes
  from the home stack (the rule of discard & draw, applied to every draw).
- The army cards that return from a battle go onto the battle stack, even a
  vanguard that came from another stack (RULINGS); returned heroes go under
  the hero stack. Both are shuffled in the final phase anyway.
- Retreat: if battle stack and home stack both run out, fewer cards are lost.
  Cards that leave the game are public.
- A loser whose hero was deployed and who still has a favour token on the
  board is asked whether to pay it for the hero (``SaveHero``); without a
  token the hero is lost without a question.
- The fate tile is oriented by naming the colour that faces the attacker (four
  choices); in a fate phase the stronger side may turn it a quarter either way
  or leave it. Equal strength: nobody is asked.
- Identical choices are offered once: two equal hand cards are one "play"
  or "discard" choice; equal played cards one "deploy" or "upgrade" target.
- The game's result scores 1 for each winner and 0 for the loser; a drawn
  game (both sides lose at the same time) scores 1 for both.
"""

from __future__ import annotations

from engines.contract import Event
from engines.hektor_und_achill.data import (
    EMPTY_BELOW,
    FAVOUR_TOKENS,
    FATE_TILES,
    FRONT_STACKS,
    GREEKS,
    HAND_SIZE,
    HEROES,
    HOME,
    MAX_SHAME,
    SIDES,
    STACK_SIZE,
    TROJANS,
    TURNS,
    army,
    card_colour,
    card_value,
    hero_colour,
    hero_value,
    sort_cards,
)
from engines.hektor_und_achill.model import (
    Battle,
    ChangeHero,
    Deploy,
    Discard,
    Fate,
    Front,
    Orient,
    Play,
    Played,
    Report,
    Retreat,
    Rotate,
    SaveHero,
    Skip,
    State,
    Upgrade,
    Vanguard,
)
from engines.rng import Rng


def other(side: int) -> int:
    return 1 - side


def initial_state(seed: int) -> State:
    """3.0 Spielvorbereitung: each side shuffles its army into 4 stacks of 12
    (home stack and front stacks 1-3) and its heroes into a hero stack; the
    fate tiles are shuffled face down. The Greeks attack first (2.5)."""
    rng = Rng.from_seed(seed)
    stacks, heroes = [], []
    for side in SIDES:
        cards = army()
        rng.shuffle(cards)
        stacks.append([cards[i * STACK_SIZE:(i + 1) * STACK_SIZE] for i in range(4)])
        hero_stack = list(HEROES[side])
        rng.shuffle(hero_stack)
        heroes.append(hero_stack)
    fate = list(FATE_TILES)
    rng.shuffle(fate)
    state = State(
        rng=rng,
        stacks=stacks,
        hero_stacks=heroes,
        favour=[FAVOUR_TOKENS, FAVOUR_TOKENS],
        fate_stack=fate,
        attacker=GREEKS,
    )
    begin_battle(state)
    return state


# -- lookups -------------------------------------------------------------------


def strength(played: list[Played]) -> int:
    """5.3 Überlegenheit: every played value, a hero instead of the card it
    lies on, +1 per favour token; colours do not matter."""
    return sum(_value(p) for p in played)


def _value(p: Played) -> int:
    if p.hero is not None:
        return hero_value(p.hero)
    return card_value(p.card) + p.favour


def relevant_colours(fate_colour: str, hero: str | None) -> set[str]:
    """5.4: the fate colour facing the side and its hero's colour (deployed or
    only shown); without a hero only the fate colour."""
    return {fate_colour} | ({hero_colour(hero)} if hero else set())


def score(played: list[Played], fate_colour: str, hero: str | None) -> int:
    """5.4 Siegbestimmung: played cards of the two relevant colours, favour
    tokens on them; a deployed hero counts its value (its colour is relevant)."""
    colours = relevant_colours(fate_colour, hero)
    total = 0
    for p in played:
        if p.hero is not None:
            total += hero_value(p.hero)
        elif card_colour(p.card) in colours:
            total += card_value(p.card) + p.favour
    return total


def deployed_hero(state: State, side: int) -> str | None:
    return next((p.hero for p in state.battle.played[side] if p.hero), None)


def side_hero(state: State, side: int) -> str | None:
    """The hero that decides the side's second colour: deployed or in hand."""
    return deployed_hero(state, side) or state.battle.heroes[side]


def side_score(state: State, side: int) -> int:
    b = state.battle
    return score(b.played[side], b.fate.colour_of(side), side_hero(state, side))


def can_draw(state: State, side: int) -> bool:
    stack = state.battle.stack[side]
    return bool(state.stacks[side][stack] or state.stacks[side][HOME])


# -- what may be done ----------------------------------------------------------


def vanguard_actions(state: State) -> list[Vanguard]:
    """5.1: the top card of any one of the attacker's four stacks."""
    stacks = state.stacks[state.attacker]
    return [Vanguard(stack=i) for i in (*FRONT_STACKS, HOME) if stacks[i]]


def front_actions(state: State) -> list[Front]:
    """5.1: a vanguard 4 lets the attacker choose the stack number freely."""
    return [Front(number=n) for n in FRONT_STACKS]


def orient_actions(state: State) -> list[Orient]:
    """5.1: any orientation, one colour facing each player."""
    return [Orient(colour=c) for c in state.battle.fate.sides]


def optional_actions(state: State, side: int) -> list:
    """5.2: at most one optional action before the card; ``Skip`` is none."""
    b = state.battle
    actions: list = [Skip()]
    if can_draw(state, side):
        actions += [Discard(card=c) for c in _distinct(b.hands[side])]
    if b.heroes[side] is not None:
        if state.hero_stacks[side]:
            actions.append(ChangeHero())
        actions += [Deploy(target=i) for i in _targets(b.played[side], upgrade=False)]
    if deployed_hero(state, side) is not None and state.favour[side] > 0:
        actions += [Upgrade(target=i) for i in _targets(b.played[side], upgrade=True)]
    actions.append(Retreat())
    return actions


def card_actions(state: State, side: int) -> list[Play]:
    return [Play(card=c) for c in _distinct(state.battle.hands[side])]


def rotate_actions(state: State) -> list[Rotate]:
    return [Rotate(by=1), Rotate(by=-1), Rotate(by=0)]


def save_actions(state: State) -> list[SaveHero]:
    return [SaveHero(save=True), SaveHero(save=False)]


def _distinct(cards: list[str]) -> list[str]:
    return sort_cards(set(cards))


def _targets(played: list[Played], upgrade: bool) -> list[int]:
    """Indexes of played army cards a hero (or a favour token) may go on, one
    per distinct card."""
    seen: set[str] = set()
    out = []
    for i, p in enumerate(played):
        if p.hero is not None or (upgrade and p.favour) or p.card in seen:
            continue
        seen.add(p.card)
        out.append(i)
    return out


# -- moving cards ----------------------------------------------------------------


def take_card(state: State, side: int, stack: int, supplies: bool = True) -> str | None:
    """The top card of ``stack``, or of the home stack if ``stack`` is empty.
    A stack that supplies a card to the battle is *used* (RULINGS); a card
    taken only to leave the game (``supplies=False``) does not make it so."""
    for i in (stack, HOME):
        if state.stacks[side][i]:
            if supplies:
                state.battle.used[side][i] = True
            return state.stacks[side][i].pop()
    return None


def draw_cards(state: State, side: int, count: int, supplies: bool = True) -> list[str]:
    cards = []
    for _ in range(count):
        card = take_card(state, side, state.battle.stack[side], supplies)
        if card is None:
            break
        cards.append(card)
    return cards


# -- the opening (5.1) -----------------------------------------------------------


def begin_battle(state: State) -> list[Event]:
    state.battle = Battle()
    state.phase = "vanguard"
    state.active = state.attacker
    return [Event(key="ev_battle", params={"battle": state.battle_no, "attacker": state.attacker})]


def do_vanguard(state: State, stack: int) -> list[Event]:
    side = state.attacker
    card = state.stacks[side][stack].pop()
    state.battle.used[side][stack] = True
    state.battle.vanguard_stack = stack
    state.battle.played[side] = [Played(card=card)]
    events = [Event(key="ev_vanguard", params={"side": side, "stack": stack, "card": card})]
    if card_value(card) == 4:
        state.phase = "front"
        return events
    return events + do_front(state, card_value(card))


def do_front(state: State, number: int) -> list[Event]:
    """The stacks numbered ``number`` fight; an emptied one is replaced by its
    side's home stack. Then the attacker turns up the top fate tile."""
    b = state.battle
    b.number = number
    events = [Event(key="ev_number", params={"number": number})]
    for side in SIDES:
        b.stack[side] = HOME if state.emptied[side][number] else number
        if b.stack[side] == HOME:
            events.append(Event(key="ev_home_stack", params={"side": side, "number": number}))
    tile = state.fate_stack.pop()
    b.fate = Fate(tile=tile, sides=list(FATE_TILES[tile]))
    state.phase = "orient"
    return events + [Event(key="ev_fate_drawn", params={"tile": tile})]


def do_orient(state: State, colour: str) -> list[Event]:
    """The tile lies with ``colour`` facing the attacker. Then the defender's
    vanguard, and both draw 4 army cards and the top hero."""
    b = state.battle
    index = b.fate.sides.index(colour)
    b.fate.facing = (index + 2 * state.attacker) % 4
    events = [_fate_event("ev_oriented", state, state.attacker)]
    defender = state.defender
    card = take_card(state, defender, b.stack[defender])
    b.played[defender] = [Played(card=card)]
    events.append(Event(key="ev_vanguard_defender", params={"side": defender, "card": card}))
    for side in (state.attacker, defender):
        b.hands[side] = draw_cards(state, side, HAND_SIZE)
        b.heroes[side] = state.hero_stacks[side].pop() if state.hero_stacks[side] else None
        public = "ev_draw_hero" if b.heroes[side] else "ev_draw_no_hero"
        events.append(Event(key=public, params={"side": side, "count": len(b.hands[side])}))
        own = {"cards": list(b.hands[side]), "hero": b.heroes[side]}
        key = "ev_hand_own" if b.heroes[side] else "ev_hand_own_no_hero"
        events.append(Event(key=key, params=own, visible_to=[side]))
    state.phase = "action"
    state.active = state.attacker
    return events


def _fate_event(key: str, state: State, side: int) -> Event:
    fate = state.battle.fate
    return Event(
        key=key,
        params={"side": side, "greek_colour": fate.colour_of(GREEKS), "trojan_colour": fate.colour_of(TROJANS)},
    )


# -- single turns (5.2) ----------------------------------------------------------


def do_optional(state: State, side: int, action) -> list[Event]:
    b = state.battle
    if isinstance(action, Retreat):
        events = [Event(key="ev_retreat", params={"side": side})]
        return events + end_battle(state, winner=other(side), retreat=True)
    state.phase = "card"
    if isinstance(action, Skip):
        return []
    if isinstance(action, Discard):
        b.hands[side].remove(action.card)
        state.discards[side].append(action.card)
        drawn = take_card(state, side, b.stack[side])
        b.hands[side].append(drawn)
        return [
            Event(key="ev_discard", params={"side": side, "card": action.card}),
            Event(key="ev_drawn_own", params={"card": drawn}, visible_to=[side]),
        ]
    if isinstance(action, ChangeHero):
        state.hero_stacks[side].insert(0, b.heroes[side])
        b.heroes[side] = state.hero_stacks[side].pop()
        return [
            Event(key="ev_change_hero", params={"side": side}),
            Event(key="ev_new_hero_own", params={"hero": b.heroes[side]}, visible_to=[side]),
        ]
    target = b.played[side][action.target]
    if isinstance(action, Deploy):
        hero, b.heroes[side] = b.heroes[side], None
        target.hero = hero
        return [Event(key="ev_deploy", params={"side": side, "hero": hero, "card": target.card})]
    assert isinstance(action, Upgrade)
    target.favour = True
    state.favour[side] -= 1
    return [Event(key="ev_upgrade", params={"side": side, "card": target.card})]


def do_play(state: State, side: int, card: str) -> list[Event]:
    """The mandatory card of a single turn; after the defender's, the fate phase."""
    b = state.battle
    b.hands[side].remove(card)
    b.played[side].append(Played(card=card))
    b.turns[side] += 1
    events = [Event(key="ev_play", params={"side": side, "card": card})]
    if side == state.attacker:
        state.phase = "action"
        state.active = other(side)
        return events
    return events + fate_phase(state)


def fate_phase(state: State) -> list[Event]:
    """5.3 Schicksals-Phase: the side with the higher strength may turn the
    fate tile; equal strength: it stays."""
    b = state.battle
    greek, trojan = strength(b.played[GREEKS]), strength(b.played[TROJANS])
    params = {"greek": greek, "trojan": trojan}
    if greek == trojan:
        return [Event(key="ev_superiority_tie", params=params)] + after_fate(state)
    stronger = GREEKS if greek > trojan else TROJANS
    state.phase = "fate"
    state.active = stronger
    return [Event(key="ev_superiority", params={**params, "side": stronger})]


def do_rotate(state: State, by: int) -> list[Event]:
    side = state.active
    if by == 0:
        events = [Event(key="ev_fate_kept", params={"side": side})]
    else:
        fate = state.battle.fate
        fate.facing = (fate.facing + by) % 4
        events = [_fate_event("ev_rotated", state, side)]
    return events + after_fate(state)


def after_fate(state: State) -> list[Event]:
    b = state.battle
    if min(b.turns) >= TURNS:
        return count_battle(state)
    state.phase = "action"
    state.active = state.attacker
    return []


# -- the end of a battle (5.4) ---------------------------------------------------


def count_battle(state: State) -> list[Event]:
    """5.4 Siegbestimmung: heroes still in hand are shown; the higher total wins."""
    b = state.battle
    events = []
    for side in SIDES:
        if b.heroes[side] is not None:
            events.append(Event(key="ev_reveal_hero", params={"side": side, "hero": b.heroes[side]}))
    scores = [side_score(state, side) for side in SIDES]
    winner = None if scores[0] == scores[1] else (GREEKS if scores[0] > scores[1] else TROJANS)
    if winner is None:
        events.append(Event(key="ev_battle_draw", params={"score": scores[0]}))
    else:
        events.append(
            Event(
                key="ev_battle_won",
                params={"winner": winner, "loser": other(winner), "winner_score": scores[winner],
                        "loser_score": scores[other(winner)]},
            )
        )
    return events + end_battle(state, winner=winner, retreat=False, scores=scores)


def end_battle(state: State, winner: int | None, retreat: bool, scores: list[int] | None = None) -> list[Event]:
    b = state.battle
    b.winner, b.retreat = winner, retreat
    shown = [deployed_hero(state, side) or (None if retreat else b.heroes[side]) for side in SIDES]
    state.report = Report(
        battle=state.battle_no,
        winner=winner,
        retreat=retreat,
        scores=scores,
        heroes=shown,
        fate=[b.fate.colour_of(side) for side in SIDES] if b.fate else [],
        played=[[p.model_copy() for p in b.played[side]] for side in SIDES],
    )
    events = []
    if retreat:
        events.append(Event(key="ev_retreat_won", params={"winner": winner, "loser": other(winner)}))
    loser = None if winner is None else other(winner)
    if loser is not None and deployed_hero(state, loser) and state.favour[loser] > 0:
        state.phase = "save_hero"
        state.active = loser
        return events
    return events + settle(state, save=False)


def do_save(state: State, save: bool) -> list[Event]:
    return settle(state, save=save)


def settle(state: State, save: bool) -> list[Event]:
    """Cards and tokens go back or leave the game; then the final phase."""
    b = state.battle
    winner, report = b.winner, state.report
    events: list[Event] = []
    for side in SIDES:
        stack = state.stacks[side][b.stack[side]]
        keeps = winner is None or side == winner
        army_cards = [p.card for p in b.played[side]]
        hero = deployed_hero(state, side)
        tokens = sum(p.favour for p in b.played[side])
        if keeps:
            stack.extend(army_cards)
            state.favour[side] += tokens
            if hero:
                state.hero_stacks[side].insert(0, hero)
        else:
            state.discards[side].extend(army_cards)
            report.lost[side].extend(army_cards)
            state.favour_lost[side] += tokens
            events.append(Event(key="ev_cards_lost", params={"side": side, "cards": army_cards}))
            if hero and save:
                state.favour[side] -= 1
                state.favour_lost[side] += 1
                state.hero_stacks[side].insert(0, hero)
                report.hero_saved = hero
                events.append(Event(key="ev_hero_saved", params={"side": side, "hero": hero}))
            elif hero:
                state.heroes_lost[side].append(hero)
                report.hero_lost = hero
                events.append(Event(key="ev_hero_lost", params={"side": side, "hero": hero}))
        if b.heroes[side] is not None:
            state.hero_stacks[side].insert(0, b.heroes[side])
        stack.extend(b.hands[side])
        if b.retreat and not keeps:
            events += _retreat_penalty(state, side)
    b.played, b.hands, b.heroes = [[], []], [[], []], [None, None]
    return events + final_phase(state)


def _retreat_penalty(state: State, side: int) -> list[Event]:
    """5.4 Rückzug: one extra army card per shame token already held, then a
    new shame token (at most 3). RULINGS: the hand cards, already back on the
    battle stack, are shuffled into it first; the extra cards come from its
    top (home stack if short) and do not make a stack used."""
    b = state.battle
    state.rng.shuffle(state.stacks[side][b.stack[side]])
    extra = draw_cards(state, side, state.shame[side], supplies=False)
    events = []
    if extra:
        state.discards[side].extend(extra)
        state.report.lost[side].extend(extra)
        events.append(Event(key="ev_extra_lost", params={"side": side, "cards": extra}))
    if state.shame[side] < MAX_SHAME:
        state.shame[side] += 1
        state.report.shame_taken = True
    events.append(Event(key="ev_shame", params={"side": side, "count": state.shame[side]}))
    return events


# -- the final phase (5.5) -------------------------------------------------------


def final_phase(state: State) -> list[Event]:
    b = state.battle
    events: list[Event] = []
    beaten = []
    for side in SIDES:
        stacks = state.stacks[side]
        for n in FRONT_STACKS:
            if b.used[side][n] and not state.emptied[side][n] and len(stacks[n]) < EMPTY_BELOW:
                state.emptied[side][n] = True
                stacks[HOME].extend(stacks[n])
                stacks[n].clear()
                state.rng.shuffle(stacks[HOME])
                state.report.emptied[side].append(n)
                events.append(Event(key="ev_emptied", params={"side": side, "number": n}))
        if all(state.emptied[side][n] for n in FRONT_STACKS):
            beaten.append(side)
            events.append(Event(key="ev_fronts_lost", params={"side": side}))
        elif b.used[side][HOME] and len(stacks[HOME]) < EMPTY_BELOW:
            state.emptied[side][HOME] = True
            beaten.append(side)
            events.append(Event(key="ev_home_lost", params={"side": side}))
    if beaten:
        return events + finish_game(state, beaten)
    for side in SIDES:
        for i in range(4):
            if b.used[side][i]:
                state.rng.shuffle(state.stacks[side][i])
        state.rng.shuffle(state.hero_stacks[side])
    if b.fate is not None:
        state.fate_discards.append(b.fate.tile)
    if not state.fate_stack:
        state.fate_stack, state.fate_discards = state.fate_discards, []
        state.rng.shuffle(state.fate_stack)
        events.append(Event(key="ev_fate_reshuffled"))
    state.attacker = b.winner if b.winner is not None else state.defender
    state.battle_no += 1
    return events + begin_battle(state)


def finish_game(state: State, beaten: list[int]) -> list[Event]:
    state.phase = "over"
    state.winners = [s for s in SIDES if s not in beaten] or list(SIDES)
    state.end_reason = "both" if len(beaten) == 2 else "stacks"
    if len(state.winners) == 1:
        return [Event(key="ev_game_won", params={"winner": state.winners[0], "loser": beaten[0]})]
    return [Event(key="ev_game_draw")]
