"""What the main window's actions do, one module per group of operations: editing
campaigns, rosters and figures (``editing``), the game systems' commands
(``commands``), battles and After the Battle (``battles``), data files (``datafiles``:
demo, import, export, backup, restore), PDF exports (``exports``), undo and redo
(``history``) and opening a database (``database``).

Each function takes the window, calls the use-cases and hands what they changed to
``win.apply_changes`` (through ``win._saved``). The window imports a module when one of
its actions is first used, never at start-up."""
