"""What a refusal tells whom (app.visibility.filter_violations): a table-mode refusal that
describes a seat's hidden cards (`private_to`) reads in full only to judges and that seat."""
from app.visibility import FULL, PRIVATE_REFUSAL, Redactor, filter_violations

ACCOUNTING = {"rule": "R-TABLE-1", "private_to": 0, "message": (
    "Seat 0 (Ana)'s Lass: all 2 Charizard (base1-4) of Seat 0 (Ana) are accounted for: 2 in hand.")}


def test_R_TABLE_1_the_accounting_reads_in_full_to_a_judge_and_to_its_own_seat():
    for redactor in (FULL, Redactor(seat=0)):
        (shown,) = filter_violations([ACCOUNTING], redactor)
        assert shown == {"rule": "R-TABLE-1", "message": ACCOUNTING["message"]}


def test_R_TABLE_1_the_opponent_reads_only_that_the_report_does_not_fit():
    for redactor in (Redactor(seat=1), Redactor(hidden={"0:u3"}, seat=None)):
        (shown,) = filter_violations([ACCOUNTING], redactor)
        assert shown == {"rule": "R-TABLE-1", "message": PRIVATE_REFUSAL.format(seat=0)}
        assert "Charizard" not in shown["message"] and "hand" not in shown["message"]


def test_a_refusal_about_no_seats_hidden_cards_is_unchanged():
    plain = {"rule": "R-ENERGY-1", "message": "Seat 1 (Beto) already attached an Energy this turn."}
    assert filter_violations([plain], Redactor(seat=0)) == [plain]
