"""Talking to language models: the chat-completions client, its answer cache, token budgets, prices, and the
accounting of an agent's tool calls."""
