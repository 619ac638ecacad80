"""The HTTP server: the app factory, its typed state, the routers, error handlers, `/meta` and `/docs`."""
