"""Every number the Diamant rules cite comes from examples.toml, and every one is what the engine says."""

from __future__ import annotations

import re

import pytest

from companion import content
from companion.i18n import LOCALES

EXAMPLES = content.load_examples("diamant")
CHECKED = [(ex.id, v.name) for ex in EXAMPLES.values() for v in ex.values.values() if v.path]


def actual(example: content.Example, expected: content.Expected):
    return content.example_value("diamant", example.id, expected)


def test_there_are_the_required_examples():
    # The spec's example, a pooled split, a bust and a relic claim at least.
    assert {"per_card", "pooled", "relic"} <= set(EXAMPLES)
    assert any(v.path and "bust" in v.path for v in EXAMPLES["per_card"].values.values())
    assert len(CHECKED) >= 40


@pytest.mark.parametrize(("example", "name"), CHECKED, ids=[f"{e}.{n}" for e, n in CHECKED])
def test_expected_number_matches_engine(example, name):
    ex = EXAMPLES[example]
    expected = ex.values[name]
    assert actual(ex, expected) == expected.value


def test_lookup_fails_loudly_on_a_wrong_path():
    ex = EXAMPLES["per_card"]
    with pytest.raises((KeyError, AttributeError, IndexError)):
        actual(ex, content.Expected("x", 0, "outcome.no_such_field", 1))
    # and a wrong expected value is noticed: this is the check the parametrized test relies on
    assert actual(ex, content.Expected("x", 99, "outcome.split.each", 1)) != 99


def test_spec_arithmetic_holds_in_the_data():
    v = {k: e.value for k, e in EXAMPLES["per_card"].values.items()}
    assert v["first_value"] == v["explorers"] * v["first_each"] + v["first_left"]
    assert v["leave_each"] == v["first_each"] + v["second_each"] + v["card1_each"] + v["card2_each"]
    pooled = {k: e.value for k, e in EXAMPLES["per_card_pooled"].values.items()}
    assert pooled["total"] == v["first_left"] + v["second_left"]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("kind", content.KINDS)
def test_every_placeholder_resolves(locale, kind):
    path = content.document_path("diamant", locale, kind)
    text = path.read_text(encoding="utf-8")
    for name in content.placeholders(text):
        content.resolve(name, "diamant")  # raises KeyError if not
    doc = content.load_document("diamant", locale, kind)
    assert "{{" not in doc.markdown
    assert not [w for w in doc.warnings if "placeholder" in w]


def test_the_rules_cite_the_examples():
    """The rules in every locale cite the same placeholders (so no locale types a number by hand)."""
    cited = {}
    for locale in LOCALES:
        text = content.document_path("diamant", locale, "rules").read_text(encoding="utf-8")
        cited[locale] = sorted(set(content.placeholders(text)))
    assert len(cited["en"]) >= 20
    for locale in LOCALES:
        assert cited[locale] == cited["en"], locale


def test_persian_numbers_use_persian_digits():
    doc = content.load_document("diamant", "fa", "rules")
    text = re.sub(r"(?m)^ *[0-9]+\. ", "", doc.markdown)  # ordered-list markers: markup, shown in Persian digits
    assert not re.search(r"[0-9]", text), re.findall(r".{0,20}[0-9].{0,20}", text)[:5]
    assert content.format_value(15, "fa") == "۱۵"
    assert content.format_value([3, 1], "fa") == "۳، ۱"
    assert content.format_value([3, 1], "zh_Hant") == "3、1"
