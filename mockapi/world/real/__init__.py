"""What the real world holds that the generator keeps to: the exchange's trading calendar, films' money
records by era, a sequel's order after its original. Leaves of the world's folders (they import none of
them), so the KG's domains, the questions and the pages can all read them without a folder circle."""
