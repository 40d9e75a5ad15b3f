node /(/ {}
