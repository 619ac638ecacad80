"""The KG routes and web search as Model Context Protocol tools (`crag-mock mcp`), and the tool table that
crag-eval's `openai-agent` model offers its LLM."""
