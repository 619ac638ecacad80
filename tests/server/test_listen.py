"""The socket `crag-mock serve` binds (mockapi/process/listen.py) hands uvicorn connections with Nagle off."""

from __future__ import annotations

import socket

from mockapi.process.listen import bind


def test_accepted_connections_have_tcp_nodelay() -> None:
    # uvicorn opens an fd= socket as AF_UNIX and never sets TCP_NODELAY itself: without it every response
    # whose headers and body are written apart waits out the client's delayed ACK
    server = bind("127.0.0.1", 0)
    try:
        server.listen()
        client = socket.create_connection(server.getsockname())
        accepted, _ = server.accept()
        with client, accepted:
            assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
    finally:
        server.close()
