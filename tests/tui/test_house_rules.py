"""House-rules files in the new-game form: a bad one is reported, a good one travels with the journal."""

from __future__ import annotations

import asyncio

from companion.games import get
from companion.games.diamant.rules import PRESET_DIR, user_ruleset_dir
from companion.journal import read_journal
from companion.session import replay
from tests.tui.helpers import build_app, new_game_by_keys, play


def _house(name: str, **changes) -> None:
    text = (PRESET_DIR / "diamant.toml").read_text().replace('id = "diamant"', f'id = "{name}"')
    for key, value in changes.items():
        text = "\n".join(f"{key} = {value}" if line.startswith(f"{key} =") else line for line in text.splitlines())
    folder = user_ruleset_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.toml").write_text(text + "\n")


def test_a_broken_house_file_is_reported_not_fatal(folders):
    _house("family")
    (user_ruleset_dir() / "broken.toml").write_text('id = "broken"\nrounds = 0\n')
    notices = []

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 40)) as pilot:
            original = app.notice
            app.notice = lambda text, **kw: (notices.append(text), original(text, **kw))
            await pilot.press("n")
            await pilot.pause()
            ids = [p.id for p in get("diamant").presets()]
            assert "family" in ids and "broken" not in ids
            assert any("broken.toml" in n for n in notices)
            for _ in range(len(ids)):
                await pilot.press("tab", "down")  # walking the list never crashes
            await pilot.pause()

    asyncio.run(go())


def test_a_house_game_replays_without_its_file(folders):
    _house("family", hazard_copies=4, starting_gems=2)

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 40)) as pilot:
            index = [p.id for p in get("diamant").presets()].index("family")
            await new_game_by_keys(pilot, index, "Ava, Ben, Chen")
            await play(pilot, ["15"])
            return app.screen.session.writer.path

    path = asyncio.run(go())
    header = read_journal(path).header
    assert header.ruleset == "family" and header.options["hazard_copies"] == 4
    (user_ruleset_dir() / "family.toml").unlink()
    state, _ = replay(read_journal(path))
    assert state.rules.hazard_copies == 4 and state.scores() == {"Ava": 2, "Ben": 2, "Chen": 2}
