print("ceiling")
