"""matplotlib drawings from core objects, shared by the app and by export."""
