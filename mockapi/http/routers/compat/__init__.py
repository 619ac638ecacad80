"""Look-alikes of commercial search APIs over the world's search, each in the real API's JSON shape, so an
agent framework that calls Tavily, Brave or SearXNG runs unchanged against the mock (docs/agents.md).
`mockapi.http.app` mounts each module's router."""
