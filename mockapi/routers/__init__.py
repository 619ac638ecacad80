"""HTTP routers, one module per domain; each exposes `router` (see mockapi.app.ROUTERS)."""
