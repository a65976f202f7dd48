"""The live updates on both backends: the server's one hub hears a mark made by the
desktop window (another engine on the same database: on PostgreSQL, as another server
process would) through its watcher, and one made through the pages or /api/run (the
server's own engine) as the request ends, and tells every subscriber, the battle pages'
and the desktop clients' /api/events alike, exactly once."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from campaign_app.facade import Campaigns
from campaign_app.usecases import members, table
from server.events import Hub
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
                got, _ = await asyncio.wait_for(sub.queue.get(), 3)
                assert concerns(got, tb.battle) and tb.battle in got.battles
            await asyncio.to_thread(tb.post, c, "hit", csrf=csrf, figure=tb.lg.rock)
            got, _ = await asyncio.wait_for(one.queue.get(), 3)
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


def test_one_hub_tells_both_streams_of_each_mark_exactly_once(tb: Table) -> None:
    """A mark through a page, one through /api/run and one by another engine (the
    desktop on the same file, another server process on PostgreSQL) each reach a battle
    page's subscriber and an /api/events stream once, with who made it (``by``)."""
    api = tb.lg.client.app
    hub = api.state.hub
    assert isinstance(hub, Hub) and api.state.web.hub is hub  # one hub per server process
    desktop = tb.lg.app.reopened()
    page = tb.client("ann")
    csrf = tb.csrf(page)
    bob = tb.lg.login("bob")
    bob_session = tb.lg.client.get("/api/me", headers=bob).json()["session_id"]
    ann_session = tb.lg.app.run(members.authenticate, page.cookies["ca_session"]).session_id

    async def no() -> bool:
        return False

    async def main() -> None:
        events = hub.stream(no)
        assert (await anext(events)).startswith(":")  # subscribed with the first read
        battle = hub.subscribe()
        wire: list[str] = []

        async def read() -> None:
            async for line in events:
                wire.append(line)

        reader = asyncio.create_task(read())
        try:
            assert await asyncio.to_thread(hub.ready.wait, 10)

            async def settled() -> tuple[list[Any], list[dict[str, Any]]]:
                await asyncio.sleep(1.0)  # five looks of the watcher: a second notice would be here
                items: list[Any] = []
                while not battle.queue.empty():
                    items.append(battle.queue.get_nowait())
                lines = [json.loads(line.removeprefix("data: ")) for line in wire]
                wire.clear()
                return items, lines

            await asyncio.to_thread(tb.post, page, "hit", csrf=csrf, figure=tb.lg.rock)
            items, lines = await settled()
            assert [by for _, by in items] == [ann_session] and concerns(items[0][0], tb.battle)
            assert [ln["by"] for ln in lines] == [ann_session] and tb.battle in lines[0]["changes"]["battles"]

            r = await asyncio.to_thread(tb.lg.client.post, "/api/run/table.hit",
                                        json={"battle": tb.battle, "fighter": tb.lg.hans}, headers=bob)
            assert r.status_code == 200, r.text
            items, lines = await settled()
            assert [by for _, by in items] == [bob_session] and concerns(items[0][0], tb.battle)
            assert [ln["by"] for ln in lines] == [bob_session]

            await asyncio.to_thread(desktop.run, table.track, tb.battle, tb.lg.hans, "duck-back")
            items, lines = await settled()
            assert [by for _, by in items] == [None] and tb.battle in items[0][0].battles
            assert [ln["by"] for ln in lines] == [None] and tb.lg.hans in lines[0]["changes"]["fighters"]
        finally:
            hub.unsubscribe(battle)
            reader.cancel()

    try:
        asyncio.run(main())
    finally:
        hub.close()
        Campaigns.dispose(desktop)
