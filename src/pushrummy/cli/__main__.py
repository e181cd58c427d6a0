"""``python -m pushrummy.cli``: the same as the ``pushrummy`` command."""

import sys

from . import main

sys.exit(main())
