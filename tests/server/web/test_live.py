"""The pages' live updates on both backends: the server's one watcher hears a mark made
by the desktop window (another engine on the same database) and one made through the
pages themselves (the server's own engine), and tells every subscriber."""

from __future__ import annotations

import asyncio

from campaign_app.facade import Campaigns
from campaign_app.usecases import table
from server.web.live import concerns
from tests.server.web.conftest import Table


def test_a_mark_from_the_desktop_and_one_from_a_page_reach_every_subscriber(tb: Table) -> None:
    web = tb.lg.client.app.state.web
    desktop = tb.lg.app.reopened()  # the window: a client of its own on the same database
    c = tb.client("ann")
    csrf = tb.csrf(c)

    async def main() -> None:
        one, two = web.hub.subscribe(), web.hub.subscribe()
        try:
            assert await asyncio.to_thread(web.hub.ready.wait, 10)
            await asyncio.to_thread(desktop.run, table.track, tb.battle, tb.lg.hans, "duck-back")
            for sub in (one, two):
                got = await asyncio.wait_for(sub.queue.get(), 3)
                assert concerns(got, tb.battle) and tb.battle in got.battles
            await asyncio.to_thread(tb.post, c, "hit", csrf=csrf, figure=tb.lg.rock)
            got = await asyncio.wait_for(one.queue.get(), 3)
            assert concerns(got, tb.battle)
        finally:
            web.hub.unsubscribe(one)
            web.hub.unsubscribe(two)

    try:
        asyncio.run(main())
    finally:
        web.hub.stop()
        Campaigns.dispose(desktop)


def test_a_sign_in_or_a_page_read_tells_no_one(tb: Table) -> None:
    """Each request authenticates (a write of the session's last use): that is no change
    of the game, so no notice goes out (else a page refetching on notices would loop)."""
    web = tb.lg.client.app.state.web

    async def main() -> None:
        sub = web.hub.subscribe()
        try:
            assert await asyncio.to_thread(web.hub.ready.wait, 10)
            c = await asyncio.to_thread(tb.client, "bob")
            await asyncio.to_thread(c.get, f"/battle/{tb.battle}/live")
            await asyncio.sleep(0.8)
            assert sub.queue.empty()
        finally:
            web.hub.unsubscribe(sub)

    try:
        asyncio.run(main())
    finally:
        web.hub.stop()


def test_the_event_stream_wants_a_session_and_the_battle_s_scope(tb: Table) -> None:
    r = tb.client().get(f"/battle/{tb.battle}/events")
    assert r.status_code == 401


def test_changes_of_another_battle_do_not_concern_this_one() -> None:
    from campaign_app.changes import Changes

    assert not concerns(Changes(battles=frozenset({2})), 1)
    assert concerns(Changes(battles=frozenset({1, 2})), 1)
    assert concerns(Changes.all(), 1)
    assert concerns(Changes(fighters=frozenset({5})), 1)
    assert not concerns(Changes(rolls=True), 1)
