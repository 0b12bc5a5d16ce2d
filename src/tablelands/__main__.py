from tablelands.cli import main

main()
