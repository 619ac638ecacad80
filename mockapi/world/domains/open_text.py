"""Text of an open-domain entity from its facts: lead paragraph, infobox (raw wikitext values) and article.

The lead is plain text (as CRAG's summary_text); the infobox values keep wikitext markup ("[[A|B]]") and some
fields are '' as in real infoboxes; the article is wikitext with an {{Infobox}}, sections, refs and
categories.
"""

from __future__ import annotations

import random

from mockapi.world.domains.open_facts import Entry
from mockapi.world.domains.open_more import extra_sections

_INFOBOX = {"place": "settlement", "person": "person", "organization": "organization", "concept": "concept"}


def lead(e: Entry) -> str:
    """Several plain sentences built from the entity's facts."""
    f, ln = e.facts, e.links
    if e.kind == "place":
        return (
            f"{e.name} is a {f['settlement'].lower()} in {f['county']}, {f['state']}, United States. "
            f"The population was {int(f['population']):,} at the {f['census']} census. "
            f"Settled in {f['founded']} along the {f['river']}, it was incorporated in {f['incorporated']}. "
            f"The local economy has long depended on {f['industry']}, and the {f['settlement'].lower()} "
            f"covers a total area of {f['area']} square miles at an elevation of {f['elevation']} feet. "
            f"Its current mayor is {ln['mayor']}."
        )
    if e.kind == "person":
        life = f"born {f['born']}" + (f"; died {f['died']}" if "died" in f else "")
        return (
            f"{e.name} ({life}) is an American {f['occupation']} from {ln['born_in']}, {f['state']}. "
            f"Active since {f['active_from']}, {e.name.split()[-1]} is best known for work that earned "
            f"the {f['award']}. {e.name.split()[0]} was married to {f['spouse']}. "
            f"Critics have described the body of work as influential in the {f['state']} region."
        )
    if e.kind == "organization":
        return (
            f"{e.name} is a {f['org_type'].lower()} in the {f['field']} sector, headquartered in "
            f"{ln['headquartered_in']}, {f['state']}. "
            f"It was founded in {f['founded']} by {ln['founded_by']}. "
            f"As of 2023 it employed about {int(f['employees']):,} people and reported revenue of "
            f"US${f['revenue']} million. The organisation is one of the larger employers in {f['state']}."
        )
    return (
        f"In {f['field']}, the {e.name} is a result first described by {ln['proposed_by']} in {f['year']}. "
        f"It relates the behaviour of a system to its {f['related']}, and it is widely taught in "
        f"introductory {f['field']} courses. Later work extended it to several related settings, "
        f"and it remains a standard reference point in the field."
    )


def infobox(e: Entry) -> dict[str, str]:
    """Infobox fields in display order; wikitext values, '' for fields left empty."""
    f, ln = e.facts, e.links
    common = {"name": e.name, "image": "", "caption": ""}
    if e.kind == "place":
        return common | {
            "settlement_type": f"[[List of communities in {f['state']}|{f['settlement']}]]",
            "subdivision_type": "Country",
            "subdivision_name": "[[United States]]",
            "subdivision_type1": "[[U.S. state|State]]",
            "subdivision_name1": f"[[{f['state']}]]",
            "subdivision_type2": "[[List of counties in the United States|County]]",
            "subdivision_name2": f"[[{f['county']}, {f['state']}|{f['county']}]]",
            "established_title": "Settled",
            "established_date": f["founded"],
            "established_title2": "Incorporated",
            "established_date2": f["incorporated"],
            "leader_title": "Mayor",
            "leader_name": ln["mayor"],
            "area_total_sq_mi": f["area"],
            "area_water_sq_mi": "",
            "elevation_ft": f["elevation"],
            "population_total": f["population"],
            "population_as_of": f["census"],
            "timezone": "[[Eastern Time Zone|Eastern (EST)]]",
            "postal_code": "",
            "website": "",
        }
    if e.kind == "person":
        y, m, d = f["born"].split("-")
        return common | {
            "birth_date": f"{{{{birth date|{int(y)}|{int(m)}|{int(d)}}}}}",
            "birth_place": f"[[{ln['born_in']}]], [[{f['state']}]], U.S.",
            "death_date": f.get("died", ""),
            "occupation": f["occupation"].capitalize(),
            "years_active": f"{f['active_from']}–present"
            if "died" not in f
            else f"{f['active_from']}–{f['died'][:4]}",
            "spouse": f"{{{{marriage|{f['spouse']}}}}}",
            "awards": f["award"],
            "module": "",
        }
    if e.kind == "organization":
        return common | {
            "type": f["org_type"],
            "industry": f"[[{f['field'].capitalize()}]]",
            "founded": f["founded"],
            "founder": f"[[{ln['founded_by']}]]",
            "hq_location_city": f"[[{ln['headquartered_in']}]]",
            "hq_location_country": "United States",
            "num_employees": f["employees"],
            "revenue": f"{{{{increase}}}} US${f['revenue']} million (2023)",
            "website": "",
            "parent": "",
        }
    return common | {
        "field": f"[[{f['field']}]]",
        "named_after": "",
        "proposed_by": f"[[{ln['proposed_by']}]]",
        "year": f["year"],
        "related": f"[[{f['related']}]]",
    }


def _ref(rng: random.Random, e: Entry, topic: str) -> str:
    site = rng.choice(("gazette", "herald", "tribune", "review", "journal"))
    url = f"https://www.{e.facts['state'].lower()}{site}.example/{e.name.lower().replace(' ', '-')}/{topic}"
    date = f"{rng.randint(2015, 2023)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
    title = f"{e.name}: {topic.replace('-', ' ')}"
    return f"<ref>{{{{cite web |url={url} |title={title} |access-date={date}}}}}</ref>"


def _climate(rng: random.Random) -> str:
    """A monthly climate table, as many place articles carry (and a realistic share of their bytes)."""
    months = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
    base = rng.uniform(20, 50)
    highs = [round(base + 40 * (1 - abs(6 - i) / 6) + rng.uniform(-2, 2), 1) for i in range(12)]
    rows = [
        f"| {m} high °F = {h}\n| {m} low °F = {round(h - rng.uniform(15, 22), 1)}"
        for m, h in zip(months, highs, strict=True)
    ]
    rain = [f"| {m} precipitation inch = {rng.uniform(1.5, 5.5):.2f}" for m in months]
    return "{{Weather box\n| location = city\n" + "\n".join(rows + rain) + "\n| source = NOAA\n}}"


def _place_sections(rng: random.Random, e: Entry) -> list[tuple[str, str]]:
    f, ln, county = e.facts, e.links, f"[[{e.facts['county']}, {e.facts['state']}|{e.facts['county']}]]"
    return [
        ("History", f"The area was settled in {f['founded']} by farmers from the east coast."
         f"{_ref(rng, e, 'history')} A post office opened soon after, and the [[{f['river']}]] carried goods "
         f"to market until the railroad arrived. {e.name} was formally incorporated in {f['incorporated']}."),
        ("Geography", f"{e.name} has a total area of {f['area']} square miles. It lies at {f['elevation']} "
         f"feet above sea level in {county}.\n\n=== Climate ===\n{_climate(rng)}"),
        ("Demographics", f"As of the [[{f['census']} United States census|census of {f['census']}]], there "
         f"were {int(f['population']):,} people living in the {f['settlement'].lower()}."
         f"{_ref(rng, e, 'census')}"),
        ("Economy", f"The largest sector is {f['industry']}. The mayor, [[{ln['mayor']}]], has promoted new "
         "investment in the downtown district."),
    ]  # fmt: skip


def _person_sections(rng: random.Random, e: Entry) -> list[tuple[str, str]]:
    f, ln, last = e.facts, e.links, e.name.split()[-1]
    died = f" {last} died on {f['died']}." if "died" in f else ""
    return [
        ("Early life", f"{e.name} was born in [[{ln['born_in']}]], {f['state']}, on {f['born']}."
         f"{_ref(rng, e, 'biography')}"),
        ("Career", f"{last} began working as a {f['occupation']} in {f['active_from']} and received the "
         f"{f['award']} for that work.{_ref(rng, e, 'award')}"),
        ("Personal life", f"{last} married {f['spouse']}.{died}"),
    ]  # fmt: skip


def _sections(rng: random.Random, e: Entry) -> list[tuple[str, str]]:
    f, ln = e.facts, e.links
    if e.kind == "place":
        return _place_sections(rng, e)
    if e.kind == "person":
        return _person_sections(rng, e)
    if e.kind == "organization":
        return [
            ("History", f"{e.name} was founded in {f['founded']} by [[{ln['founded_by']}]]."
             f"{_ref(rng, e, 'history')} It moved to [[{ln['headquartered_in']}]] within its first decade."),
            ("Operations", f"The company works in the {f['field']} sector and employs about "
             f"{int(f['employees']):,} people. Its revenue in 2023 was US${f['revenue']} million."
             f"{_ref(rng, e, 'annual-report')}"),
        ]  # fmt: skip
    return [
        ("History", f"The {e.name} was first stated by [[{ln['proposed_by']}]] in {f['year']}."
         f"{_ref(rng, e, 'origin')}"),
        ("Applications", f"It is used throughout {f['field']}, notably in the study of {f['related']}."),
    ]  # fmt: skip


def article(rng: random.Random, e: Entry) -> str:
    """The whole article's wikitext."""
    if e.name.endswith("(disambiguation)"):
        return disambiguation(e)
    box = "\n".join(f"| {k} = {v}" for k, v in infobox(e).items())
    sections = _sections(rng, e) + extra_sections(rng, e)
    body = "\n\n".join(f"== {title} ==\n{text}" for title, text in sections)
    see = "\n".join(f"* [[{name}]]" for name in e.see_also[:8])
    bold = lead(e).replace(e.name, f"'''{e.name}'''", 1)
    parts = [
        f"{{{{Short description|{e.kind.capitalize()} in {e.facts['state']}}}}}",
        f"{{{{Infobox {_INFOBOX[e.kind]}\n{box}\n}}}}",
        bold,
        body,
        f"== See also ==\n{see}" if see else "",
        "== References ==\n{{Reflist}}",
        f"[[Category:{e.kind.capitalize()}s in {e.facts['state']}]]",
    ]
    return "\n\n".join(p for p in parts if p)


def disambiguation(e: Entry) -> str:
    base = e.name.removesuffix(" (disambiguation)")
    item = f"* [[{base}]], a {e.kind} in {e.facts['state']}"
    return f"'''{base}''' may refer to:\n\n{item}\n\n{{{{disambiguation}}}}"
