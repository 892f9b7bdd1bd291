// CLI entry point: written below.
print("widgetbudget")
