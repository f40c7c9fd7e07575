"""What a request carries in its body, read bounded: a body larger than the server
takes is refused (413) as soon as it says so or grows past it, and a form holds
short text fields only."""

from __future__ import annotations

from typing import Final

from starlette.requests import ClientDisconnect, Request

from floorman.server.params import BadRequest

__all__ = ["MAX_BODY_BYTES", "body", "form"]

MAX_BODY_BYTES: Final = 1024 * 1024


async def body(request: Request) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY_BYTES):
        raise BadRequest(413, f"the body is larger than {MAX_BODY_BYTES} bytes")
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY_BYTES:
                raise BadRequest(413, f"the body is larger than {MAX_BODY_BYTES} bytes")
            chunks.append(chunk)
    except ClientDisconnect:
        raise BadRequest(400, "the connection closed before the body arrived") from None
    return b"".join(chunks)


async def form(request: Request) -> dict[str, str]:
    """A form's fields (the first of each name), bounded in size; files are refused."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY_BYTES):
        raise BadRequest(413, f"the form is larger than {MAX_BODY_BYTES} bytes")
    try:
        async with request.form(max_files=0, max_fields=50, max_part_size=64 * 1024) as fields:
            found: dict[str, str] = {}
            for name, value in fields.multi_items():
                if not isinstance(value, str):
                    raise BadRequest(400, "the form holds a file")
                if "\x00" in name or "\x00" in value:
                    raise BadRequest(400, f"{name}: holds a NUL character")
                found.setdefault(name, value)
            return found
    except BadRequest:
        raise
    except Exception as error:
        raise BadRequest(400, f"the form cannot be read: {error}") from None
