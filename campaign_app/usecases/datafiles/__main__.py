"""``python -m campaign_app.usecases.datafiles --markdown > docs/json-format.md``"""

from campaign_app.usecases.datafiles.schema import main

raise SystemExit(main())
