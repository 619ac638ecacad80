"""`build --secret`: a 256-bit secret from the OS, mixed into all of a world's randomness.

A challenge world must not be derivable from public inputs: the generator ships in the package and the
seed is small, so without a secret anyone could rebuild the served world and read its gold answers. The secret
is kept in the world as `secret.key` (hex, mode 0600) so the same world can be rebuilt by its owner
(`--secret-file world/secret.key`); `serve` never reads it and the Docker image drops it.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from mockapi.core.paths import SECRET_FILE
from mockapi.core.user_error import UserError

SECRET_BYTES = 32


def new_secret() -> bytes:
    """256 bits from the OS's CSPRNG."""
    return secrets.token_bytes(SECRET_BYTES)


def read_secret(path: Path) -> bytes:
    """The secret in `path` (64 hex digits, as `write_secret` stores it), or a one-line UserError."""
    try:
        text = path.read_text(encoding="ascii").strip()
        secret = bytes.fromhex(text)
    except OSError as exc:
        raise UserError(f"--secret-file {path}: {exc.strerror}") from None
    except ValueError:
        secret = b""
    if len(secret) != SECRET_BYTES:
        raise UserError(
            f"--secret-file {path}: expected {SECRET_BYTES * 2} hex digits (a world's {SECRET_FILE})"
        )
    return secret


def write_secret(world: Path, secret: bytes) -> None:
    """`world/secret.key`, created 0600 (never world-readable, not even for a moment)."""
    fd = os.open(world / SECRET_FILE, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(secret.hex() + "\n")


def world_secret(world: Path) -> bytes | None:
    """The secret of an existing secret world, or None (no world there, or not a secret one)."""
    path = world / SECRET_FILE
    return read_secret(path) if path.is_file() else None


def choose_secret(target: Path, secret_file: Path | None, wanted: bool) -> bytes | None:
    """The secret of a build: the file's when given; else, for --secret, the target world's own (so a
    rebuild stays idempotent) or a fresh one; None for a reproducible world."""
    if secret_file is not None:
        return read_secret(secret_file)
    if not wanted:
        return None
    return world_secret(target) or new_secret()
