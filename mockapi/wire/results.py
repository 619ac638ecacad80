"""The result types of the KG routes and the web routes' entries, re-exported for the server: they are
defined in `crag_client.results` (the client owns the contract's result types, so `import crag_client` loads
no server module, and the server declares the same classes as its response models). The names are the
client module's own `__all__`, not a second list to keep in step."""

from crag_client.results import *  # noqa: F403
from crag_client.results import __all__ as __all__
