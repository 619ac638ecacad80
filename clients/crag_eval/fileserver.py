"""A minimal page server over one CRAG dataset file, used when `--data FILE` cannot be imported into a world.

It serves what the file holds: `/web/search` by interaction_id (or exact query) in the file's order, and
`/web/get_page`. The file has no KG, so the KG routes answer 403 on Task 1 (as the real server does) and 404
with a JSON body otherwise.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from crag_eval.types import Question

CRAG_KEYS = ("page_name", "page_url", "page_snippet", "page_result", "page_last_modified")


def file_app(questions: list[Question], pages: dict[str, list[dict[str, Any]]], task: int) -> FastAPI:
    app = FastAPI(title="crag-eval dataset-file pages")
    by_query = {q.query: q.interaction_id for q in questions}
    by_url = {p.get("page_url"): p for plist in pages.values() for p in plist}
    limit = 5 if task in (1, 2) else 50

    @app.get("/health")
    def health() -> dict[str, str]:
        return {"status": "ok", "source": "dataset-file"}

    @app.post("/web/search")
    async def search(request: Request) -> Any:
        body = await _json(request)
        iid = body.get("interaction_id") or by_query.get(body.get("query", ""))
        k = min(int(body.get("k") or limit), limit)
        include_html = body.get("include_html", True)
        results = []
        for rank, page in enumerate(pages.get(iid or "", [])[:k], start=1):
            entry = {key: str(page.get(key, "")) for key in CRAG_KEYS}
            if not include_html:
                entry["page_result"] = ""
            results.append({**entry, "rank": rank})
        return {"result": results}

    @app.post("/web/get_page")
    async def get_page(request: Request) -> Any:
        body = await _json(request)
        page = by_url.get(body.get("url"))
        return {"result": {k: str(page.get(k, "")) for k in CRAG_KEYS} if page else None}

    @app.post("/{domain}/{method:path}")
    def kg(domain: str, method: str) -> JSONResponse:
        if task == 1:
            body = {"error": {"code": "forbidden_by_task", "message": "Task 1 does not allow the KG APIs"}}
            return JSONResponse(body, status_code=403)
        body = {"error": {"code": "no_kg", "message": "this dataset file carries no knowledge graph"}}
        return JSONResponse(body, status_code=404)

    return app


async def _json(request: Request) -> dict[str, Any]:
    try:
        data = await request.json()
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}
