import ListEditing
import Testing
