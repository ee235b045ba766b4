// placeholder while the package is laid down
