"""How the server answers: every answer with the same security headers, a refusal as one
line of JSON, a page from its template, a PDF by a file name a browser can keep, and a
cookie only a same-site HTTP request carries."""

from __future__ import annotations

from typing import Any, Final

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from floorman.server.room import Answer
from floorman.server.state import state_of

__all__ = ["SECURITY_HEADERS", "answered", "error", "html", "json", "pdf", "set_cookie"]

SECURITY_HEADERS: Final = {
    "content-security-policy": "default-src 'self'; frame-ancestors 'none'; form-action 'self'",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "same-origin",
    "cache-control": "no-store",
}


def error(status: int, message: str) -> JSONResponse:
    """One line for the user: a control character from the request shows as its escape."""
    line = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
    return JSONResponse({"error": line}, status_code=status, headers=SECURITY_HEADERS)


def json(body: Any) -> JSONResponse:
    return JSONResponse(body, headers=SECURITY_HEADERS)


def answered(answer: Answer) -> JSONResponse:
    """The room's answer to a post, with its own status."""
    return JSONResponse(answer.body, status_code=answer.status, headers=SECURITY_HEADERS)


def html(request: Request, name: str, context: dict[str, Any], status: int = 200) -> HTMLResponse:
    text = state_of(request).pages.get_template(name).render(context)
    return HTMLResponse(text, status_code=status, headers=SECURITY_HEADERS)


def pdf(document: bytes, name: str, fallback: str) -> Response:
    """A PDF to show inline as ``name``, or as ``fallback`` when ``name`` (made from a
    table's name) cannot stand in the header as it is."""
    safe = name if name.isascii() and name.isprintable() and '"' not in name else fallback
    headers = {**SECURITY_HEADERS, "content-disposition": f'inline; filename="{safe}"'}
    return Response(document, media_type="application/pdf", headers=headers)


def set_cookie(
    request: Request, response: Response, name: str, value: str, max_age: int | None
) -> None:
    response.set_cookie(
        name,
        value,
        max_age=max_age,
        path="/",
        secure=state_of(request).secure_cookies,
        httponly=True,
        samesite="strict",
    )
