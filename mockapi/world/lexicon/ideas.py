"""What a concept's page (a principle, theorem, conjecture, paradox, scale, effect, -ism) talks about: who
cites, teaches, tests and argues over it. A concept is no site: g22's reader found a physics principle with a
car park and a gallery (the places' grammar). Nothing states an asked attribute (`statements` does)."""

from __future__ import annotations

CONCEPT = (
    "[A paper in|An article in|A review in|A short note in] [a physics journal|a mathematics journal|a "
    "philosophy journal|an economics quarterly|a science magazine] [revisited|extended|questioned|"
    "restated|tested] {s} [in {month} {y}|on {d}|last {season}|]",
    "[Students at|A seminar at|A lecture course at|A summer school in] [a university in {place}|a "
    "college in {place}|{place}] [worked through|took up|covered|spent a week on] {s} [in {month} {y}|last "
    "{season}|]",
    "{person} [gave a lecture on|wrote a primer on|published a survey of|taught a class on] "
    "{s} [in {month} {y}|on {d}|]",
    "[A team in {place}|Researchers in {place}|A lab in {place}|Two groups in {place}] [tested|measured|"
    "checked|probed] {s} [with new data|in a larger sample|against older results|in a simulation] [in "
    "{month} {y}|last {season}|]",
    "[Textbooks|Introductory courses|Popular science books|Encyclopedias] [still cite|often mention|"
    "usually credit|summarise] {s} [in a short section|in a footnote|with a worked example|alongside two "
    "rivals]",
    "{s} [was debated at|came up at|was the subject of a panel at] [a conference in {place}|a workshop in "
    "{place}|a symposium in {place}] [in {month} {y}|on {d}|]",
    "[Critics|Sceptics|Some historians of science|A few reviewers] [called|have called] {s} [too broad|"
    "hard to test|more of a rule of thumb|overdue for revision|older than its name suggests]",
    "{s} [was cited|turned up|was quoted] in [{n} papers|a dozen papers|a textbook] [in {y}|last {season}|]",
)
CONCEPT_SHORT = (
    "[Most|Many|Some] [introductions|primers|courses] [treat|present|explain] {s} [in a few pages|with a "
    "diagram|through one example]",
    "{s} [is named for|takes its name from|is credited to] [its first proponent|an early paper|a "
    "lecture series]",
)
