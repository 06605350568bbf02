using System;
using System.Collections.Generic;

namespace Drawing.Geometry
{
    /// <summary>A vector in the plane.</summary>
    public readonly struct Vector2 : IEquatable<Vector2>
    {
        public Vector2(double x, double y)
        {
            X = x;
            Y = y;
        }

        public double X { get; }
        public double Y { get; }

        /// <summary>The vector's length.</summary>
        public double Length() => Math.Sqrt(X * X + Y * Y);

        public static Vector2 operator +(Vector2 a, Vector2 b) => new(a.X + b.X, a.Y + b.Y);

        public bool Equals(Vector2 other) => X == other.X && Y == other.Y;

        public override string ToString() => $"({X}, {Y})";
    }

    /// <summary>How a shape is drawn.</summary>
    [Flags]
    public enum Stroke
    {
        None = 0,
        Outline = 1,
        Fill = 2,
    }

    /// <summary>Called when a shape changes.</summary>
    /// <param name="shape">The shape that changed.</param>
    /// <param name="args">Nothing yet.</param>
    public delegate void ShapeChanged(Shape shape, EventArgs args);

    /// <summary>Visits each kind of shape.</summary>
    /// <typeparam name="TResult">What a visit gives.</typeparam>
    public interface IShapeVisitor<out TResult>
    {
        TResult VisitCircle(Circle circle);

        TResult VisitPolygon(Polygon polygon);
    }

    /// <summary>Any shape.</summary>
    public abstract class Shape
    {
        public event ShapeChanged? Changed;

        /// <summary>The area it covers.</summary>
        public abstract double Area();

        public abstract TResult Accept<TResult>(IShapeVisitor<TResult> visitor);

        protected virtual void OnChanged() => Changed?.Invoke(this, EventArgs.Empty);
    }

    public sealed class Circle : Shape
    {
        public Circle(Vector2 center, double radius)
        {
            if (radius < 0) throw new ArgumentOutOfRangeException(nameof(radius));
            Center = center;
            Radius = radius;
        }

        public Vector2 Center { get; }
        public double Radius { get; }

        public override double Area() => Math.PI * Radius * Radius;

        public override TResult Accept<TResult>(IShapeVisitor<TResult> visitor) => visitor.VisitCircle(this);
    }

    /// <summary>A closed polygon.</summary>
    public class Polygon : Shape
    {
        private readonly List<Vector2> _points;

        public Polygon(IEnumerable<Vector2> points) => _points = new List<Vector2>(points);

        public Vector2 this[int index] => _points[index];

        /// <summary>The shoelace formula.</summary>
        public override double Area()
        {
            double sum = 0;
            for (var i = 0; i < _points.Count; i++)
            {
                var (a, b) = (_points[i], _points[(i + 1) % _points.Count]);
                sum += a.X * b.Y - b.X * a.Y;
            }
            return Math.Abs(sum) / 2;
        }

        public override TResult Accept<TResult>(IShapeVisitor<TResult> visitor) => visitor.VisitPolygon(this);
    }

    /// <summary>Keeps the last values computed for keys.</summary>
    /// <typeparam name="TKey">The key.</typeparam>
    public class Cache<TKey, TValue> where TKey : notnull
    {
        private readonly Dictionary<TKey, TValue> _values = new();

        /// <summary>The cached value, computed on a miss.</summary>
        public TValue GetOrAdd(TKey key, Func<TKey, TValue> compute)
        {
            if (!_values.TryGetValue(key, out var value))
                _values[key] = value = compute(key);
            return value;
        }

        public void Clear() => _values.Clear();
    }

    internal static class Angles
    {
        public const double Full = 2 * Math.PI;

        public static double ToRadians(double degrees) => degrees * Math.PI / 180;
    }
}
