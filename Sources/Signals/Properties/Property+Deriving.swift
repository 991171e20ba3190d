extension PropertyProtocol {
    /// A property whose value is `transform` of this one's; keeps this property alive.
    @inlinable
    public func map<U>(_ transform: @escaping (Value) -> U) -> Property<U> {
        // The module's own property types are derived from directly (see
        // `Property(mapping:owner:_:)`); any other conformer through its producer.
        if let mutable = self as? MutableProperty<Value> {
            return Property(mapping: mutable.core, owner: mutable, transform)
        }
        if let property = self as? Property<Value> {
            return Property(mapping: property.core, owner: property, transform)
        }
        return Property(producer: producer.map(transform), currentValue: { transform(self.value) }, retaining: [self])
    }

    /// A property whose value is the value at `keyPath` of this one's.
    @inlinable
    public func map<U>(_ keyPath: KeyPath<Value, U>) -> Property<U> {
        map { $0[keyPath: keyPath] }
    }

    /// A property that pairs this property's value with `other`'s; it changes when either does.
    @inlinable
    public func combineLatest<P: PropertyProtocol>(with other: P) -> Property<(Value, P.Value)> {
        Property(
            producer: SignalProducer.combineLatest(producer, other.producer),
            currentValue: { (self.value, other.value) },
            retaining: [self, other]
        )
    }

    /// A property that only changes when `isEquivalent` says the value differs from the last one.
    @inlinable
    public func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool) -> Property<Value> {
        Property(producer: producer.skipRepeats(isEquivalent), currentValue: { self.value }, retaining: [self])
    }
}

extension PropertyProtocol where Value: Equatable {
    /// A property that only changes when the value really changes.
    @inlinable
    public func skipRepeats() -> Property<Value> {
        skipRepeats(==)
    }
}

extension Property {
    /// The values of `a` and `b` together; changes when either changes.
    @inlinable
    public static func combineLatest<A: PropertyProtocol, B: PropertyProtocol>(
        _ a: A, _ b: B
    ) -> Property<(A.Value, B.Value)> where Value == (A.Value, B.Value) {
        a.combineLatest(with: b)
    }

    /// The values of `a`, `b` and `c` together; changes when any changes.
    @inlinable
    public static func combineLatest<A: PropertyProtocol, B: PropertyProtocol, C: PropertyProtocol>(
        _ a: A, _ b: B, _ c: C
    ) -> Property<(A.Value, B.Value, C.Value)> where Value == (A.Value, B.Value, C.Value) {
        Property(
            producer: SignalProducer.combineLatest(a.producer, b.producer, c.producer),
            currentValue: { (a.value, b.value, c.value) },
            retaining: [a, b, c]
        )
    }
}
