"""The listening socket of `crag-mock serve`, bound before anything is printed.

uvicorn binds late and reports a taken port as a log line after our "serving …" banner; binding here first
turns that into one clear error and a non-zero exit, and the bound socket is handed to uvicorn (`fd=`), so
every worker of `--workers N` accepts on it.
"""

from __future__ import annotations

import argparse
import errno
import socket

from mockapi.core.user_error import UserError

HINTS = {
    errno.EADDRINUSE: " (another server is using it: stop it or pick another --port)",
    errno.EACCES: " (ports below 1024 need privileges: pick a port of 1024 or more)",
    errno.EADDRNOTAVAIL: " (that address is not one of this machine's: try --host 127.0.0.1)",
}


def port_number(text: str) -> int:
    """argparse type of `--port`: an integer 1..65535 (a larger one would wrap around in the kernel)."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be an integer 1..65535, got {text!r}") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"must be 1..65535, got {port}")
    return port


def bind(host: str, port: int) -> socket.socket:
    """A TCP socket bound to host:port (not yet listening), or a UserError saying why it cannot be."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise UserError(f"cannot use --host {host}: {exc.strerror}") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does: restart over TIME_WAIT
    try:
        sock.bind(address)
    except OSError as exc:
        sock.close()
        hint = HINTS.get(exc.errno or 0, "")
        raise UserError(f"cannot listen on {host}:{port}: {exc.strerror}{hint}") from None
    # uvicorn opens an `fd=` socket as AF_UNIX, so its event loop never sets TCP_NODELAY on the connections
    # it accepts; Nagle then holds each response body until the client acks the headers (up to 40 ms of
    # delayed ACK per request: ~25 req/s per connection). Accepted sockets inherit the option from here.
    if family in (socket.AF_INET, socket.AF_INET6):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.set_inheritable(True)
    return sock
