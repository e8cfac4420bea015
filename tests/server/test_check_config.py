"""``ahoy-server --check-config FILE`` (one line per problem, exit 0 or 2) and ``--backup DEST`` (SQLite's online
backup of a running server's database) (issue 29)."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

from server.main import main

ROOT = Path(__file__).resolve().parents[2]


def test_the_example_config_is_fine(capsys):
    assert main(["--check-config", str(ROOT / "docs" / "ahoy-server.example.toml")]) == 0
    assert capsys.readouterr().out.strip().endswith(": fine")


def test_every_problem_is_one_line_and_the_status_is_2(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('port = "2222"\nmax-sesions = 3\nmetrics = "localhost"\nrequire-keys = "yes"\nmotd = "hi"\n')
    assert main(["--check-config", str(bad)]) == 2
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4, lines
    assert [line.split(": ", 1)[1].split()[0] for line in lines] == ["port", "unknown", "metrics:", "require-keys"]


def test_settings_that_do_not_go_together_are_problems(tmp_path, capsys):
    file = tmp_path / "cluster.toml"
    file.write_text('workers = 3\nport = 0\noperators = ["not a key"]\n')
    assert main(["--check-config", str(file)]) == 2
    out = capsys.readouterr().out
    assert "needs redis" in out and "fixed port" in out and len(out.splitlines()) == 3


def test_an_unreadable_or_broken_file_is_one_line(tmp_path, capsys):
    assert main(["--check-config", str(tmp_path / "missing.toml")]) == 2
    broken = tmp_path / "broken.toml"
    broken.write_text("port = \n")
    assert main(["--check-config", str(broken)]) == 2
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and "cannot read it" in lines[0] and "not valid TOML" in lines[1]


def test_the_real_command_exits_2_with_the_lines_and_no_traceback(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("no-such-key = 1\n")
    done = subprocess.run([sys.executable, "-m", "server.main", "--check-config", str(bad)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout.count("\n") == 1 and "Traceback" not in done.stderr


def test_a_backup_copies_the_database_while_it_is_open_for_writing(tmp_path, capsys):
    state = tmp_path / "state"
    state.mkdir()
    live = sqlite3.connect(state / "ahoy.db")
    live.execute("PRAGMA journal_mode=WAL")
    live.execute("CREATE TABLE t (x)")
    live.execute("INSERT INTO t VALUES (1), (2)")
    live.commit()
    live.execute("INSERT INTO t VALUES (3)")   # a write in progress, not committed: not in the copy
    try:
        assert main(["--state-dir", str(state), "--backup", str(tmp_path / "copy.db")]) == 0
    finally:
        live.close()
    assert "backed up" in capsys.readouterr().out
    copy = sqlite3.connect(tmp_path / "copy.db")
    assert copy.execute("SELECT count(*) FROM t").fetchone() == (2,)
    copy.close()
    assert not (tmp_path / "copy.db.part").exists()


def test_a_backup_without_a_database_fails_with_one_line(tmp_path, capsys):
    assert main(["--state-dir", str(tmp_path), "--backup", str(tmp_path / "copy.db")]) == 1
    assert "no database at" in capsys.readouterr().err
