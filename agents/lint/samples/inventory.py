"""Warehouse inventory: stock levels, reservations and reorder suggestions."""
import os
import sys
import json
from typing import Dict, List, Optional
from dataclasses import dataclass, field


@dataclass
class StockItem:
    sku: str
    name: str
    quantity: int = 0
    reserved: int = 0
    tags: List[str] = field(default_factory=list)

    def available(self) -> int:
        return self.quantity - self.reserved


class Inventory:
    def __init__(self, items: Optional[List[StockItem]] = None):
        self._items: Dict[str, StockItem] = {}
        for item in items or []:
            self._items[item.sku] = item

    def add(self, item: StockItem) -> None:
        if item.sku in self._items:
            existing = self._items[item.sku]
            existing.quantity += item.quantity
        else:
            self._items[item.sku] = item

    def reserve(self, sku: str, amount: int) -> bool:
        item = self._items.get(sku)
        if item == None:
            return False
        if item.available() < amount:
            return False
        item.reserved += amount
        return True

    def reorder_suggestions(self, threshold: int = 5) -> List[str]:
        suggestions = []
        for sku, item in self._items.items():
            if item.available() < threshold:
                suggestions.append(sku)
        return sorted(suggestions)

    def export(self, path: str) -> None:
        payload = {sku: item.__dict__ for sku, item in self._items.items()}
        with open(path, "w") as handle:
            json.dump(payload, handle, indent=2)
        print(f"exported inventory")
