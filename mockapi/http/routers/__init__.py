"""HTTP routers: root, the KG routes (`kg.py`: one router per domain, generated), web and admin."""
