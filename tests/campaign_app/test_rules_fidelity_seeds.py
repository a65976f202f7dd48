"""Issue #31, docs/rules-fidelity.md: the seed rows no other test proved. Every table a seed
gives in full is rolled through the CLI with typed dice at each band edge and the roll
record is read back from the database; every table-top rule the app only shows is looked
for, in our words, on the QRS cards of its game. Each test names its seed; the doc names
the test beside each row."""

from __future__ import annotations

import itertools
import json

import pytest

from campaign_app.cli import main
from campaign_app.usecases import create_campaign, exports, roll_log


def cli(db_url, capsys, *argv, code=(0, None)):
    assert main(["--db", db_url, *argv]) in code
    return capsys.readouterr()


def _rolls_at_every_edge(engine, db_url, capsys, campaign, table, cases):
    """Roll `table` once per (target, faces, result) through the CLI and check what the
    roll record holds: the faces, the target, the passes or total and the row's result."""
    for target, dice, result in cases:
        argv = ["--json", "roll", table, "--campaign", str(campaign.id), "--dice", dice]
        if target is not None:
            argv += ["--target", str(target)]
        out = json.loads(cli(db_url, capsys, *argv).out)
        assert out["result"] == result, (table, target, dice, out["result"])
    log = roll_log(engine, campaign.id, table=table)
    assert [(r["faces"], r["target"], r["result"]) for r in log] == [
        ([int(x) for x in dice.split(",")], target, result) for target, dice, result in cases]


# --------------------------------------------------------------------------- rolled, every band edge
# pass tests are "Nd6 vs X": a die at X passes, one above fails (X = 4 unless said)
ROLLED = {
    # seed 000, NUTS! 4th edition QRS
    "nuts-activation": [(4, "4", "activates"), (4, "5", "no-activation")],
    "nuts-fast-move": [(4, "4,4", "move-16"), (4, "4,5", "move-12"), (4, "5,5", "move-8")],
    "nuts-reaction-man-down": [(4, "4,4", "carry-on-or-duck-back"), (4, "5,4", "duck-back-or-leave"),
                               (4, "5,5", "leave-battlefield")],
    "nuts-reaction-recover": [(4, "4,4", "carry-on"), (4, "4,5", "carry-on-or-duck-back"),
                              (4, "5,5", "hunker-down-or-leave")],
    "nuts-reaction-rally": [(4, "4,4", "rallied"), (4, "4,5", "retake-test"), (4, "5,5", "stays-hunkered")],
    # seed 001, Weird WWII: rural support 2, urban 3
    "ww2-zombie-arrival": [(2, "2,2", "zombies-arrive"), (2, "2,3", "one-zombie"), (2, "3,3", "no-zombies"),
                           (3, "3,3", "zombies-arrive"), (3, "4,3", "one-zombie"), (3, "4,4", "no-zombies")],
    "ww2-bite": [(4, "4", "just-a-scratch"), (4, "5", "turns")],
    "ww2-walker-in-sight": [(4, "4", "fire"), (4, "5", "cannot-fire")],
    "ww2-walker-place-round": [(4, "4,4", "hit"), (4, "4,5", "hit-or-miss"), (4, "5,5", "miss")],
    # the difference APR - AR is the target; at 0 or less nothing passes
    "ww2-walker-penetration": [(2, "2,2", "penetrates"), (2, "3,2", "disabled"), (2, "3,3", "clank"),
                               (0, "1,1", "clank")],
    "ww2-walker-clank": [(4, "4,4", "return-fire"), (4, "5,4", "hold"), (4, "5,5", "retire")],
    "ww2-walker-will-it-stand": [(4, "4", "stands"), (4, "5", "falls")],
    "ww2-walker-stomp": [(4, "4,4", "dodge-or-fire"), (4, "4,5", "maybe-stomped"), (4, "5,5", "stomped")],
    "ww2-walker-driver-disabled": [(4, "4", "prone"), (4, "5", "out-of-the-fight")],
    # seed 004, FUBAR: a D6 per unsaved hit on a vehicle
    "fubar-vehicle-damage": [(None, "1", "crew-stunned"), (None, "2", "crew-stunned"), (None, "3", "immobilised"),
                             (None, "4", "weapon-destroyed"), (None, "5", "weapon-destroyed"),
                             (None, "6", "destroyed")],
}


@pytest.mark.parametrize("table", list(ROLLED))
def test_seed_tables_roll_at_every_band_edge(engine, db_url, capsys, table):
    """Seeds 000, 001 and 004: each table the seed gives in full, rolled with typed dice
    at the edges of its bands (a die at the target passes, one above fails), on record."""
    if table.startswith("fubar"):
        c = create_campaign(engine, "Edges", "fubar")
    else:
        c = create_campaign(engine, "Edges", "nuts", expansions=["weird-ww2"])
    _rolls_at_every_edge(engine, db_url, capsys, c, table, ROLLED[table])


# --------------------------------------------------------------------------- shown on the QRS cards
_NUMBERS = itertools.count(1)


def _cards(engine, system, **kw):
    """Each QRS card's whole text (lines, table titles, notes and cells), by card title."""
    c = create_campaign(engine, f"Cards {next(_NUMBERS)}", system, **kw)
    text = {}
    for card in exports.qrs_document(engine, c.id, all_kinds=True)["cards"]:
        parts = list(card.get("lines", []))
        for t in card.get("tables", []):
            parts += [t.get("title", ""), t.get("note", "")]
            parts += [" | ".join(str(x) for x in row) for row in t.get("rows", [])]
        text[card["title"]] = text.get(card["title"], "") + "\n" + "\n".join(parts)
    return text


def _has(text, *phrases):
    for p in phrases:
        assert p in text, p


def test_seed000_nuts_turn_sequence_and_movement_on_the_card(engine):
    """Seed 000: the turn sequence (activation, the four actions, movement allowances, the
    2d6 vs Rep Charge and Close Assault tests, which the card lacked)."""
    seq = _cards(engine, "nuts")["Turn sequence"]
    _has(seq, "Each leader rolls 1d6 against Rep; a leader who passes may act with his group, higher passing "
              "scores first",
         "moves, stays in place (may turn), charges into melee or close assaults a vehicle, or tries to "
         "recover or rally",
         'Movement: normal 8", crawl 2"; charge reach 6"',
         "Going prone is free during a move; standing up costs half a move",
         "A charge into melee (the target within reach) and a close assault on a vehicle (the figure must be "
         "able to reach contact) each start with a 2d6 vs Rep test: the Charge test, the Close Assault test",
         "Pass 2 | 16 inches", "Pass 1 | 12 inches", "Pass 0 | 8 inches")


def test_seed000_nuts_reactions_and_statuses_on_the_card(engine):
    """Seed 000: Man Down (a friend within 4 inches hit), half strength, the six statuses."""
    r = _cards(engine, "nuts")["Reactions"]
    _has(r, "Taken when a friend within 4 inches is hit and goes OD, OOF or leaves the battlefield",
         "'Half strength' means the group is down to half its figures or fewer",
         "At half strength or less: Duck Back. Otherwise: Carry On.",
         "At half strength or less: Leave the Battlefield. Otherwise: Duck Back.",
         "At half strength or less: stays in Duck Back. Otherwise: Carry On.",
         "At half strength or less: Leave the Battlefield. Otherwise: Hunker Down.",
         "rallied and now in Duck Back; it may try to recover when next active",
         "Roll the test again at once; this time a pass 1 counts as pass 0",
         "stays Hunkered Down and cannot be rallied",
         "Carry On: Keeps acting normally", "Duck Back: Stops fighting and gets into cover",
         "Hunker Down: Pinned in place; cannot shoot", "Leave the Battlefield: Heads off the table",
         "Out of the Fight (OOF): Wounded and out of this battle; may recover after the battle or through a medic",
         "Obviously Dead (OD): Dead.")


def test_seed000_nuts_in_sight_shooting_and_damage_on_the_card(engine):
    """Seed 000: In Sight (1d6 per Rep, successes 1-3), the Shooting table with its
    conditions, out of ammo, outgunned and return fire, and Shooting Damage."""
    s = _cards(engine, "nuts")["Shooting"]
    _has(s, "Each side's leader rolls 1d6 per point of Rep; every 1, 2 or 3 is a success",
         "The side with more successes acts first",
         "Figures with line of sight may shoot, Duck Back ones included; Hunkered Down or leaving figures may not",
         "A figure that cannot shoot charges if the enemy is within 6 inches, otherwise it ducks back",
         "Concealment makes spotting harder but does not affect shooting",
         "Roll as many d6 as the weapon's Target number, allotted to targets before rolling. Add the shooter's "
         "Rep to each die. Two or more natural 1s: out of ammo.",
         "Outgunned targets duck back; others return fire (or duck back if they already have, or carry on if "
         "they cannot fire)",
         "3-7 | Miss | Miss. Chargers keep coming into contact.",
         "8 | Hit unless | Hit, but a miss if the shooter or target fast moved, the target is charging, the target "
         "is in cover, or it is the 2nd or later target.",
         "9 | Hit unless | Hit, but a miss if the target is in cover or it is the 3rd or later target.",
         "10+ | Hit | Hit on every target.",
         "Roll 1d6 against the target's Rep for every hit",
         "6 | Obviously dead", "Rep or more (not 6) | Out of the fight", "under Rep | Duck back")
    seq = _cards(engine, "nuts")["Turn sequence"]
    _has(seq, "the targets return fire until one side ducks back or falls")


def test_seed001_creature_cards_carry_their_abilities(engine):
    """Seed 001: each creature's special abilities, in our words, on its card (the zombie's
    closer target, lingering where a target was last seen, moving to the noise, any action
    seen counting as movement and its one-opponent melee were missing)."""
    cards = _cards(engine, "nuts", expansions=["weird-ww2"])
    _has(cards["Zombie"], "Always Rep 2", "Never outgunned, never ducks back, no received-fire test; cannot be "
         "surprised", "Counts as passing 2d6 on every charge test",
         "Activates every turn, after everyone else (first and last if the other side does not activate)",
         "Moves 8 inches; always fast moves straight at living targets in sight, turning on a closer one that "
         "appears; with none in sight wanders 1d6 inches; a target lost from sight is followed to where it was "
         "last seen, and the zombie lingers there",
         "Seeing a target move (any action: loading, shooting, popping up) counts as passing 1d6 In Sight",
         "Noise (shots, engines) draws zombies: every zombie not already chasing someone fast moves toward it, "
         "and the Zombie Arrival table is rolled vs the support level (rural 2, urban 3)",
         "Melee as an impact 1 weapon against one opponent; +1 Rep to each zombie for every two zombies in the "
         "fight",
         "A figure OD or OOF from zombie melee rises as a zombie",
         "A figure knocked down by a zombie takes the bite test (Stars pass their first one each game)",
         "New zombies come on at a random table edge at the start of the next zombie activation and fast move "
         "toward the noise", "1d3+1 zombies arrive at a random edge")
    _has(cards["Vampire"], "Sees in the dark", "Commands every zombie on the table; rival vampires roll 2d6 vs "
         "Rep, most passes wins, reroll ties", "In Sight with 2d6, keeping the better die",
         "Fast moving does not count against its own shooting",
         "Chooses its charge-test results, unless a stake is involved; chooses its hero-test result",
         "Unarmed impact 2; with a weapon, the weapon's impact +2",
         "Armour piercing 1 against vehicles and armoured troopers",
         "Outgunned, and takes received-fire tests, only against stakes from a bow or crossbow",
         "the super version is Rep 5 without a roll")
    _has(cards["Werewolf"], "Sees in the dark", "Only silver bullets can kill it", "In Sight with 2d6",
         "Chooses its charge-test results against anyone; chooses its hero-test result",
         "Unarmed impact 2", "Armour piercing 1", "Outgunned, and takes received-fire tests, only against silver "
         "bullets")
    _has(cards["Monster"], "Agree any extra powers before the game", "In Sight with 2d6",
         "Fast moving does not count against its own shooting", "Charge tests with 3d6, counting the best two",
         "Unarmed impact 2", "Armour piercing 1", "Damage is rolled as if its Rep were one higher")
    for kind, rating in (("Armoured Trooper (light)", 1), ("Armoured Trooper (heavy)", 2)):
        _has(cards[kind], f"Armour rating {rating}.", "Charge tests with 3d6, counting the best two",
             "Unarmed impact 2", "Only armour-piercing weapons hurt it; it is shot at like a vehicle",
             "Charged by infantry as a vehicle is, but takes a being-charged test instead of In Sight",
             "The winner takes a hero test instead of rolling damage, and needs a satchel charge or Molotov")
    _has(cards["Rocket Trooper"], "Declare walking, jumping or flying at the start of its activation",
         "Jumping or flying: up to 18 inches; a jumper also walks its normal 8 inches before or after",
         "Counts as in cover for the rest of the turn after a jump, and while flying until it lands")


def test_seed001_creature_damage_tables_on_the_cards(engine):
    """Seed 001: the zombie melee and ranged, vampire, werewolf and rocket trooper damage
    tables, band by band (1d6 against the weapon's impact and the creature's Rep)."""
    cards = _cards(engine, "nuts", expansions=["weird-ww2"])
    _has(cards["Zombie"],
         "up to weapon impact | Severed head", "over impact, up to zombie Rep | No effect",
         "over zombie Rep | Knocked down",
         "up to weapon impact | Knocked down | Knocked down; the shooter then rolls 1d6 vs own Rep: pass, "
         "destroyed; fail, it gets up at its next activation.",
         "over zombie Rep | No effect | No effect.")
    _has(cards["Vampire"], "up to weapon impact | No effect | No effect; a stake puts it Out of the Fight.",
         "over impact, up to vampire Rep | Knocked down | Knocked down (a stake missed the heart).",
         "over vampire Rep | No effect | No effect; a stake puts it Out of the Fight.")
    _has(cards["Werewolf"], "up to weapon impact | No effect | No effect; a silver bullet makes it Obviously Dead.",
         "over impact, up to werewolf Rep | Knocked down",
         "over werewolf Rep | No effect | No effect; a silver bullet puts it Out of the Fight.")
    _has(cards["Rocket Trooper"], "up to weapon impact | Obviously dead | Obviously Dead, flying or not.",
         "over impact, up to trooper Rep | Knocked down | Knocked down; if airborne it crashes and takes an "
         "impact 2 hit (roll on the melee damage table).",
         "over trooper Rep | Out of the fight | Out of the Fight; Obviously Dead instead if it was flying.")
    _has(cards["Monster"], "Roll damage as usual, treating the monster's Rep as one higher")


def test_seed001_walker_tables_carry_their_modifiers_and_crew(engine):
    """Seed 001: the walker tables' modifiers and who rolls each (commander, driver,
    gunner), the stat line's meaning and the stomp."""
    w = _cards(engine, "nuts", expansions=["weird-ww2"])["Walkers"]
    _has(w, "-1 Rep if buttoned up; -1 Rep if taken from the gunner's seat; +1d6 if the shooter is hidden",
         "Stationary walkers fire at once, best passing die first, ties together; moving walkers may stop and "
         "fire after them", "-1 Rep beyond 48 inches. The commander rolls when the walker has no gunner",
         "Misses if the walker fast moved; hits within 12 inches; otherwise a hit. Against a turret, 1d6: 1-2 "
         "turret (+1 armour), else body", "Miss; the target ignores it",
         "Each crew member rolls 1d6 vs the difference: pass, killed; fail, bails out",
         "No penetration, but the target takes a Clank test", "A Star may choose the result",
         "the rest turn on the spot and return fire", "return fire if the main gun faces the attacker, else carry on",
         "out-gunned walkers, or any hit by a weapon that can penetrate it, run away",
         "At half speed or less: goes around and on. Faster: hangs up and stops",
         "Faster: may fall, the driver takes Will It Stand",
         "each crew member rolls 1d6 vs Rep (driver +1): pass, prone until next activation; fail, Out of the Fight",
         "hitting something solid calls for Will It Stand",
         "the walker is wrecked; each crew member rolls 1d6: pass, bails out; fail, Out of the Fight",
         "With an armour-piercing weapon, stands and fires; otherwise dodges 3 inches unhurt and Ducks Back",
         "The driver rolls 1d6 + Rep: 8 or more stomps the target (ranged damage, impact = walker armour)",
         "Stomp: move into contact with a soldier, who then rolls Don't Let 'Em Stomp Ya",
         "A stationary walker just stops; it may still fire, and another driver may take over",
         "Commander: In Sight and Clank tests; fires the AA MG when not buttoned up; gunner too if there is none",
         "Driver: Run Over, Losing Control and Will It Stand tests",
         "Gunner: Names the target and fires the guns and the hull MG; takes over from a fallen commander",
         "AA MG: fired by the commander, only when not buttoned up", "Armour front/side/top (top = side / 2)",
         "Soviet Medium Walker | USSR | 3/2/1 | 4, Grenade | No | Yes | 24/?")


def test_seed002_unit_morale_cards(engine):
    """Seed 002: the phase sequence, the discipline states and how a unit leaves each, the
    automatic changes, the orders, movement, shooting, close combat and falling back."""
    cards = _cards(engine, "unit-morale")
    _has(cards["Phase sequence"], "1. Discipline", "2. Orders", "3. Movement", "4. Shooting", "5. Close Combat")
    _has(cards["Discipline"],
         "Suppressed | Falls back (back to Confident) or tests morale (pass: Confident, fail: Shaken). Only Sneak, "
         "or hide if unseen.",
         "Shaken | Falls back (to Suppressed) or tests at -1 (pass: Suppressed, fail: Demoralised). Only Sneak, "
         "never toward the enemy; -1 in close combat.",
         "Demoralised | Falls back, not toward the enemy (to Shaken), or tests at -1 (pass: Shaken; fail: "
         "destroyed if under half strength, else does nothing). -1 in close combat, no cover there.",
         "Prisoner | Destroyed within 20 cm of the enemy: taken prisoner and removed.",
         "Hits received this turn at least equal to the figures left | Becomes Suppressed.",
         "Hits received this turn at least twice the figures left | Becomes Shaken.",
         "Sees a friendly unit destroyed within 20 cm | One state worse",
         "A unit that cannot fall back without closing on an enemy must test")
    _has(cards["Orders"], "One order per unit per turn, shown with a marker",
         "Hold | no move", "Sneak | 10 cm, normal -10 cm", "Advance | 20 cm, normal move",
         "Run | 30 cm, normal +10 cm | no", "may charge a declared target after moving")
    _has(cards["Movement"],
         "A unit that named a close-combat target measures after its move: within 10 cm (before shooting) it will "
         "charge that unit", "Figures stay within 5 cm of each other and never come within 2 cm of an enemy",
         "No running in rough or very rough ground; walking or crawling in very rough ground costs 5 cm",
         "A unit may enter a building only if an enemy was spotted in it, an enemy fired from it, or a friendly "
         "unit is already inside")
    _has(cards["Shooting"], "No firing into a close combat", "splitting fire is allowed",
         "Target priority: fire at the nearest infantry, or pass an experience test to fire at another unit",
         "Instead of firing, a unit may try to spot enemies within 20 cm, marking them for friendly fire")
    _has(cards["Close combat"],
         "If the named target was destroyed before the charge, the charger may still move 10 cm towards where it "
         "stood", "Each charging figure moves 10 cm (further if needed to make contact after the shooting phase). "
         "At most 2 figures of a charging unit may engage one enemy figure",
         "Fights are fought one at a time, figure against figure: each rolls a die with the rulebook's "
         "modifiers; the lower is removed",
         "Failed: the loser falls back if above 50% of its starting strength, surrenders if below",
         "If the fight goes on, every unengaged figure moves up to 10 cm into contact (attacker first)",
         "The winner consolidates 10 cm (it may contact a new enemy), counts as using the terrain, and stops "
         "being Suppressed, falling back or Demoralised")
    _has(cards["Falling back"], "A Suppressed unit may fall back at least 21 cm and up to 30 cm away from the "
         "enemy: it becomes Confident again",
         "A Shaken unit that falls back becomes Suppressed; a Demoralised one falls back without moving towards "
         "the enemy and becomes Shaken")


def test_seed003_n26_close_combat_hits_and_nerve_on_the_cards(engine):
    """Seed 003: the seven close combat steps, the hit sequence (wound, save, damage),
    cover, natural rolls, Injury dice, zero Wounds and the nerve check."""
    cards = _cards(engine, "necromunda", edition="n26")
    _has(cards["Close combat"], "1. Who can fight: the activating model and the enemies Engaged with it",
         "the activating model picks a Melee or Light weapon as Primary (and a second one as Secondary if it has "
         "two); every other model picks one Primary",
         "Primary = Attacks (+1 after a Charge); Secondary = 1 die; other models 1 attack. A Light weapon only "
         "ever makes one attack", "enemies in base contact; attacks may be split between them",
         "Unwieldy sets it to 1 first; a successful Charge adds 2. Equal Initiative strikes together (the "
         "activating model first)",
         "Hit roll = WS test (never BS). -1 if the Charge or Engage target was out of sight; +1 for an assist; "
         "-1 for interference. A natural 1 always misses, a natural 6 always hits",
         "move up to Initiative in inches, ending at least 1 inch from enemies",
         "Used by a fighter with no Melee or Light weapon", "A vehicle without close combat weapons cannot attack",
         "Hand weapon | S | - | 1 | Melee")
    _has(cards["Resolving hits"], "Wound roll (made by the opposing player): the weapon's Strength against the "
         "target's Toughness", "Save roll: D6 with the weapon's AP as a modifier; equal to or above the model's "
         "Save stops the hit. One Save per wounding hit, whatever saves the model has. Some traits (Gas) allow "
         "no Save", "A natural 1 or 2 on a Save roll always fails", "Invulnerable saves ignore every modifier",
         "at 0 Wounds the opposing player rolls as many Injury dice as the weapon's Lethality and picks one",
         "Short Range | +1", "Long Range | +2", "A Blast that scattered checks cover from the centre of the marker",
         "Injured | A lucky escape", "Serious Injury | A fighter becomes Seriously Injured, a vehicle Seriously "
         "Damaged: limited actions only. No effect if it already is",
         "Out of Action | Removed from play for the rest of the battle; roll on Lasting Injury (fighters) or "
         "Lasting Damage (vehicles)")
    _has(cards["Nerve test"], "A model within 3 inches of a friendly model that goes Out of Action makes a Cool "
         "check", "Failed: it becomes Suppressed", "A model brought to 0 Wounds is Injured/Damaged",
         "a Seriously Injured model back above 0 becomes Active, unless within 1 inch of an enemy: then it goes "
         "Out of Action")
    _has(cards["Post-battle checklist"], "Once for every model taken Out of Action, however many things took it out",
         "A repeated result applies again; any part that cannot apply (limit reached, skill held) is dropped and "
         "the rest applies", "the model plays no more battles this cycle and takes no Post-cycle Actions",
         "In the Post-cycle Sequence's Update Roster step, clear every In Recovery box")


def test_seed004_fubar_cards(engine):
    """Seed 004: dice conventions, training, initiative and activation, the seven actions,
    suppression, cover, shooting, armour, close combat, vehicles and the weapons' notes."""
    cards = _cards(engine, "fubar")
    _has(cards["Training levels"], "An unmodified 6 always succeeds; an unmodified 1 always fails",
         "A unit that has lost more than half its figures falls back 6\"",
         "Green (Recluta) | 5+ | 6+ | 1", "Seasoned (Esperto) | 4+ | 5+ | 2", "Veteran (Veterano) | 3+ | 4+ | 3",
         "Elite | 2+ | 4+ | 4")
    _has(cards["Turn sequence"], "Each player rolls 1D6 plus scenario modifiers; reroll ties. Highest goes first",
         "+1 with no enemy in sight; -1 per figure out of 3-inch coherency; -1 per suppressed figure. A unit led "
         "by a better-trained leader uses the leader's number",
         "A unit that fails counts as on Hold, and the initiative passes to the other player",
         "Players keep activating until one fails, then swap, until every unit has tried",
         "falls back 6 inches from the nearest visible enemy (or toward its own deployment zone)",
         'Walk | 6" | yes', 'Run | 12" | no', 'Run under cover | 8" | no | No firing or grenades; counts as in '
         'light cover', 'Hold | 0" | yes | Once this turn may fire at an enemy that comes into view',
         'Go to ground | 3" | no | Dives into the nearest cover, raising its cover one level',
         'Aim | 0" | yes | Every figure gets +1 to hit', 'Assault | 8" | no | Moves into close combat',
         "Light | +1", "Medium | +2", "Heavy | +3 | Bunkers", "never past 6+")
    _has(cards["Suppression"], "up to the most suppressed figures its training allows",
         "A figure cannot be both suppressed and a casualty from the same shooting attack",
         "A suppressed figure is laid on its side and cannot fire; its unit takes -1 on its next activation roll "
         "for each suppressed figure", "After that activation roll the figure stands up again")
    _has(cards["Shooting and cover"], "may split its fire", "Each figure rolls one die per FP, needing its "
         "expertise or more; each success hits", "At least half the unit must be in cover for the whole unit to "
         "benefit", "only figures (shooters or targets) within 2 inches of the edge of the cover area may shoot "
         "or be shot. Figures deeper inside may only target units in the same cover within 6 inches",
         "A defined cover area blocks line of sight. Infantry moves through cover at normal speed",
         "If the vehicle makes its save, the passengers inside need not roll", "Flamers and tank cannons ignore cover")
    _has(cards["Close combat"], "A unit enters close combat only with an Assault action (8 inches)",
         "Then the defender may move every unengaged figure within 3 inches of an assaulting enemy figure",
         "Figures suppressed before the assault began take -1 on their roll",
         "The unit then saves with the armour type most of its figures wear; every success not saved is a "
         "casualty. Cover has no effect. Units in close combat take casualties only, never suppression",
         "the units in it activate automatically at the start of the turn, and even if they win they cannot be "
         "activated again that turn")
    _has(cards["Vehicles"], "up to 12 inches in the open, or 6 inches in light cover; a vehicle that moves may "
         "fire only one weapon. Medium and heavy tanks may move 6 inches in medium cover, but cannot fire if they "
         "do", "A vehicle that does not move may fire all its weapons",
         "Common small arms and heavy machine guns cannot harm armoured vehicles",
         "Vehicles cannot be suppressed; nor can the crew or passengers thrown out of a destroyed vehicle",
         "A heavy machine gun on a vehicle or bunker needs only the crew; carried by infantry it needs two crew")
    _has(cards["Weapons"], "2 FP at 12 inches or less. Some carry an underslung grenade launcher (3 FP, 16 "
         "inches)", "Light cannon | support | 32\" / 80 cm | 4 | Tanks and bunkers only. Ignores cover.",
         "Heavy cannon | support | 48\" / 120 cm | 6 | Tanks and bunkers only. Ignores cover.",
         "Flamer | support | 8\" / 20 cm | 4 | Ignores cover.")
    _has(cards["Armour and vehicle damage"], "Light | 6+", "Battle armour | 2+", "None | 6+ | Trucks, cars",
         "Ultra-heavy | 2+ | Heavy tank", "-2 to its next activation roll",
         "Cannot move for the rest of the game, but may still fire", "The owner picks which weapon is lost",
         "Each crew member and passenger saves on 5+ (or its own armour if better) or becomes a casualty")


# --------------------------------------------------------------------------- seed 001: walker armour
def test_seed001_a_single_armour_number_is_the_walkers_armour_all_round(engine, db_url, capsys, snap):
    """Seed 001: "When only one number is given, the vehicle has a single armour value
    around its entire body"; the top is the side halved, rounded down. `walker type-add
    --armour 3` was refused ("write FRONT/SIDE")."""
    from campaign_app.systems.nuts.creatures import list_walker_types

    c = create_campaign(engine, "Armour", "nuts", expansions=["weird-ww2"])
    out = cli(db_url, capsys, "walker", "type-add", str(c.id), "Bremmy", "--armour", "3", "--speed", "20").out
    assert out.startswith("added walker type")
    cli(db_url, capsys, "walker", "type-add", str(c.id), "Thatcher", "--armour", "5/3", "--speed", "18/9")
    got = {t["name"]: (t["armour_front"], t["armour_side"], t["armour_top"]) for t in list_walker_types(engine, c.id)}
    assert got["Bremmy"] == (3, 3, 1) and got["Thatcher"] == (5, 3, 1)
    before = snap(engine)
    for bad in ("3/", "3/x", "/3", "three"):
        err = cli(db_url, capsys, "walker", "type-add", str(c.id), "Bad", "--armour", bad, "--speed", "20",
                  code=(1, 2)).err
        assert err == f"error: armour '{bad}': write FRONT/SIDE (e.g. 3/2, or 3 all round)\n"
    assert snap(engine) == before
