"""HTTP routers, one module per domain; each exposes `router` (see mockapi.http.app.ROUTERS)."""
