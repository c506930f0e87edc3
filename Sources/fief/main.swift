print("fief")
