"""What the real world holds that the generator keeps to: the exchange's trading calendar, films' money
records by era. Leaves of the world's folders (they import none of them), so the KG's domains and the
questions can both read them without a folder circle."""
