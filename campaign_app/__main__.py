"""``python -m campaign_app`` is the same as the ``campaign-app`` command."""

import sys

from campaign_app.cli import main

sys.exit(main())
