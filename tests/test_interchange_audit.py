"""The PHH audit: every outcome a file can have, and the real data set."""

from __future__ import annotations

import pytest
from phhdata import phh_dir

from floorman.interchange.audit import AuditSummary, Outcome, audit_phh

HAND = """variant = 'NT'
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000]
actions = ['d dh p1 AhAd', 'd dh p2 KhKd', 'd dh p3 7c2d', 'p3 f', 'p1 cbr 300', 'p2 cc', \
'd db 2c3d9h', 'p1 cbr 400', 'p2 cc', 'd db Ts', 'p1 cc', 'p2 cc', 'd db Js', 'p1 cc', 'p2 cc', \
'p1 sm AhAd', 'p2 sm KhKd']
"""


def test_matched() -> None:
    outcome = audit_phh(HAND + "finishing_stacks = [10700, 9300, 10000]\n", "a.phh")
    assert outcome == Outcome("a.phh", "matched", "", "NT")


def test_mismatched_names_each_difference() -> None:
    outcome = audit_phh(HAND + "finishing_stacks = [10600, 9400, 10000]\n", "a.phh")
    assert outcome.status == "mismatched"
    assert outcome.detail == "p1: file 10600, floorman 10700; p2: file 9400, floorman 9300"


def test_a_half_chip_is_named_as_such() -> None:
    outcome = audit_phh(HAND + "finishing_stacks = [10650.5, 9349.5, 10000]\n", "a.phh")
    assert outcome.status == "half-chip"
    assert outcome.detail == "finishing_stacks records 10650.5, 9349.5"


def test_no_finishing_stacks_is_unchecked() -> None:
    assert audit_phh(HAND, "a.phh").status == "unchecked"


def test_other_variants_are_skipped() -> None:
    outcome = audit_phh(HAND.replace("'NT'", "'NS'"), "a.phh")
    assert (outcome.status, outcome.variant) == ("skipped", "NS")


def test_a_hand_floorman_cannot_replay_fails_with_the_reason() -> None:
    outcome = audit_phh(HAND.replace("'p3 f'", "'p2 f'"), "a.phh")
    assert outcome.status == "failed"
    assert outcome.detail == 'action 4 "p2 f": seat 3 is to act, not seat 2'


def test_a_hand_that_stops_before_the_end_fails() -> None:
    unfinished = HAND.replace("'p1 cc', 'p2 cc', 'p1 sm", "'p1 sm")
    assert unfinished != HAND
    outcome = audit_phh(unfinished + "finishing_stacks = [10700, 9300, 10000]\n", "a.phh")
    assert outcome.status == "failed"
    assert outcome.detail == "the hand is not over after the last action"


def test_summary_counts_and_names_the_files_to_look_at() -> None:
    summary = AuditSummary()
    summary.extend(
        [
            Outcome("a.phh", "matched", "", "NT"),
            Outcome("b.phh", "mismatched", "p1: file 1, floorman 2", "NT"),
            Outcome("c.phh", "half-chip", "finishing_stacks records 10.5", "NT"),
            Outcome("d.phh", "skipped", "variant 'NS' ...", "NS"),
            Outcome("e.phh", "skipped", "starting_stacks: 1.25 ...", "PO"),
            Outcome("f.phh", "unchecked", "no finishing_stacks to compare", "NT"),
        ]
    )
    assert summary.replayed == 4
    assert not summary.clean
    assert summary.to_text().splitlines() == [
        "replayed 4: matched 1, mismatched 1, half chip 1, no finishing stacks 1",
        "skipped 2 (NS 1, fractions of a chip 1)",
        "mismatched:",
        "  b.phh: p1: file 1, floorman 2",
        "half chip (the file splits a chip; floorman pays the odd chip):",
        "  c.phh: finishing_stacks records 10.5",
    ]
    data = summary.to_json()
    assert data["matched"] == 1
    assert data["skipped_variants"] == {"NS": 1}
    assert [entry["file"] for entry in data["files"]] == ["b.phh", "c.phh", "d.phh", "e.phh"]  # type: ignore[index, union-attr]


def test_every_supported_hand_of_the_data_set_matches() -> None:
    folder = phh_dir()
    if folder is None:
        pytest.skip("no PHH data set (set FLOORMAN_PHH_DIR)")
    summary = AuditSummary()
    for path in sorted(folder.rglob("*.phh")):
        summary.add(audit_phh(path.read_text(encoding="utf-8"), path.name))
    counts = summary.counts
    assert counts["mismatched"] == 0, summary.to_text()
    assert counts["failed"] == 0, summary.to_text()
    assert counts["matched"] > 2000
    for outcome in summary.outcomes:
        if outcome.status == "half-chip":
            assert ".5" in outcome.detail
