"""Wire models of the look-alike search APIs (`/compat/…`): each commercial API's request and response
shape, as its client packages send and read them. Fields the mock has no use for are accepted and ignored,
so an unchanged client call validates."""
