"""What the running server holds: its `ServerState` (opened by app.py's lifespan) and the `/meta` summary
computed at start; read by the routers and the fast path, so it sits below both."""
