class foo {}
foo()
