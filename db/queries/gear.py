"""Gear: a campaign's content packs, a roster's ledger and stash, the figures a rating
sums (gear helper)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sqlmodel import Session, col, select

from db.models import ContentPack, Fighter, LedgerEntry, StashItem, Territory


def packs_of(session: Session, campaign_id: int) -> Sequence[ContentPack]:
    """The campaign's content packs, in the order they were added."""
    return session.exec(select(ContentPack).where(ContentPack.campaign_id == campaign_id)
                        .order_by(col(ContentPack.id))).all()


def pack_named(session: Session, campaign_id: int, name: str) -> ContentPack | None:
    return session.exec(select(ContentPack).where(ContentPack.campaign_id == campaign_id,
                                                  ContentPack.name == name)).first()


def ledger_of(session: Session, roster_id: int) -> Sequence[LedgerEntry]:
    """Every movement of the roster's credits, oldest first."""
    return session.exec(select(LedgerEntry).where(LedgerEntry.roster_id == roster_id)
                        .order_by(col(LedgerEntry.id))).all()


def ledgers_of(session: Session, roster_ids: Iterable[int]) -> Sequence[LedgerEntry]:
    ids = list(roster_ids)
    if not ids:
        return []
    return session.exec(select(LedgerEntry).where(col(LedgerEntry.roster_id).in_(ids))
                        .order_by(col(LedgerEntry.id))).all()


def stash_of(session: Session, roster_id: int) -> Sequence[StashItem]:
    """The items the gang holds, in the order they came in."""
    return session.exec(select(StashItem).where(StashItem.roster_id == roster_id)
                        .order_by(col(StashItem.id))).all()


def stashes_of(session: Session, roster_ids: Iterable[int]) -> Sequence[StashItem]:
    ids = list(roster_ids)
    if not ids:
        return []
    return session.exec(select(StashItem).where(col(StashItem.roster_id).in_(ids))
                        .order_by(col(StashItem.id))).all()


def figure_values(session: Session, roster_ids: Iterable[int]) -> Sequence[tuple[int, str, int]]:
    """(roster id, status, credits value) of every fighter of these rosters."""
    ids = list(roster_ids)
    if not ids:
        return []
    rows = session.exec(select(Fighter.roster_id, Fighter.status, Fighter.credits_value)
                        .where(col(Fighter.roster_id).in_(ids))).all()
    return [(int(r), str(st or "active"), int(v or 0)) for r, st, v in rows]


def territories_of(session: Session, roster_id: int) -> Sequence[Territory]:
    """The territories the roster holds, in the order it took them."""
    return session.exec(select(Territory).where(Territory.roster_id == roster_id)
                        .order_by(col(Territory.id))).all()


def income_collected(session: Session, roster_ids: Iterable[int], battle_id: int) -> set[int]:
    """Those of ``roster_ids`` whose territories' income for the battle is on their
    ledger (collected, and not undone)."""
    ids = list(roster_ids)
    if not ids:
        return set()
    return set(session.exec(select(LedgerEntry.roster_id).where(
        col(LedgerEntry.roster_id).in_(ids), LedgerEntry.battle_id == battle_id,
        LedgerEntry.kind == "income")).all())


def territories_in(session: Session, roster_ids: Iterable[int]) -> Sequence[Territory]:
    ids = list(roster_ids)
    if not ids:
        return []
    return session.exec(select(Territory).where(col(Territory.roster_id).in_(ids))
                        .order_by(col(Territory.id))).all()
