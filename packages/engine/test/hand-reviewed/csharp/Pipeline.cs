// Middleware pipeline in the style of web frameworks: partial classes, nested namespaces,
// default interface members, record structs and a finalizer.
using System;
using System.Collections.Generic;
using System.Threading.Tasks;

namespace Web
{
    namespace Pipeline
    {
        /// <summary>The request as the pipeline sees it.</summary>
        public readonly record struct RequestInfo(string Method, string Path);

        /// <summary>One step of the pipeline.</summary>
        public interface IMiddleware
        {
            /// <summary>Handles the request, or passes it on.</summary>
            /// <param name="request">The request.</param>
            /// <param name="next">The rest of the pipeline.</param>
            Task InvokeAsync(RequestInfo request, Func<RequestInfo, Task> next);

            /// <summary>Its name in logs; the type's name unless overridden.</summary>
            string Name() => GetType().Name;

            static abstract IMiddleware Create(IServiceProvider services);
        }

        public partial class PipelineBuilder
        {
            private readonly List<Func<IServiceProvider, IMiddleware>> _factories = new();

            /// <summary>Adds a middleware made by the container.</summary>
            /// <typeparam name="T">The middleware's type.</typeparam>
            public PipelineBuilder Use<T>()
                where T : class, IMiddleware, new()
            {
                _factories.Add(services => T.Create(services));
                return this;
            }
        }

        public partial class PipelineBuilder
        {
            /// <summary>
            /// Builds the pipeline: each middleware wraps the next, the last one
            /// answers 404.
            /// </summary>
            public Func<RequestInfo, Task> Build(IServiceProvider services)
            {
                Func<RequestInfo, Task> next = static _ => Task.CompletedTask;
                for (var i = _factories.Count - 1; i >= 0; i--)
                {
                    var middleware = _factories[i](services);
                    var inner = next;
                    next = request => middleware.InvokeAsync(request, inner);
                }
                return next;
            }
        }

        /// <summary>Holds a native handle for the pipeline's lifetime.</summary>
        internal sealed class NativeBuffer : IDisposable
        {
            private IntPtr _handle;

            public NativeBuffer(int size) => _handle = System.Runtime.InteropServices.Marshal.AllocHGlobal(size);

            ~NativeBuffer() => Dispose();

            public void Dispose()
            {
                if (_handle == IntPtr.Zero) return;
                System.Runtime.InteropServices.Marshal.FreeHGlobal(_handle);
                _handle = IntPtr.Zero;
            }
        }
    }

    /// <summary>Settings read at start-up.</summary>
    [AttributeUsage(AttributeTargets.Class,
        AllowMultiple = false)]
    public sealed class RouteAttribute : Attribute
    {
        public RouteAttribute(string template, string? name = null)
        {
            Template = template;
            Name = name;
        }

        public string Template { get; }
        public string? Name { get; }
    }
}
