from sheetsmith.cli import main

main()
