"""`crag-mock env`: a world as an OpenEnv environment (reset / step / state / schema / health, WebSocket
sessions), for RL trainers of search agents (TRL, Unsloth, …). docs/agents.md shows a client."""
