// Just enough of the ONNX protobuf format (onnx.proto3) to write a small inference graph:
// a model with one graph of nodes, float/int64 initialisers and typed inputs and outputs.
// Hand-encoded (protobuf's wire format is small) so the gym needs no protobuf dependency.
// Field numbers are onnx.proto's.

type Field = Uint8Array;

function varint(value: number | bigint): number[] {
  let v = BigInt.asUintN(64, BigInt(value));
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
  return out;
}

function key(field: number, wireType: 0 | 2): number[] {
  return varint((field << 3) | wireType);
}

function int(field: number, value: number | bigint): Field {
  return Uint8Array.from([...key(field, 0), ...varint(value)]);
}

function bytes(field: number, value: Uint8Array): Field {
  const head = [...key(field, 2), ...varint(value.length)];
  const out = new Uint8Array(head.length + value.length);
  out.set(head);
  out.set(value, head.length);
  return out;
}

function str(field: number, value: string): Field {
  return bytes(field, new TextEncoder().encode(value));
}

function message(...fields: Field[]): Uint8Array {
  const out = new Uint8Array(fields.reduce((n, f) => n + f.length, 0));
  let at = 0;
  for (const f of fields) {
    out.set(f, at);
    at += f.length;
  }
  return out;
}

/** TensorProto.DataType values. */
export const FLOAT = 1;
export const INT64 = 7;

export interface OnnxNode {
  op: string;
  inputs: string[];
  outputs: string[];
  /** Integer attributes (Cast's `to`, Gather's `axis` …). */
  ints?: Record<string, number>;
}

export interface OnnxInitializer {
  name: string;
  dims: number[];
  data: Float32Array | BigInt64Array;
}

export interface OnnxValue {
  name: string;
  elemType: typeof FLOAT | typeof INT64;
  /** A number is a fixed size, a string a named free dimension ('batch', 'sequence'). */
  shape: (number | string)[];
}

export interface OnnxGraph {
  name: string;
  nodes: OnnxNode[];
  initializers: OnnxInitializer[];
  inputs: OnnxValue[];
  outputs: OnnxValue[];
  opset: number;
}

function node(n: OnnxNode, index: number): Field {
  const attributes = Object.entries(n.ints ?? {}).map(([name, value]) =>
    // AttributeProto: name 1, i 3, type 20 (INT = 2).
    bytes(5, message(str(1, name), int(3, value), int(20, 2))),
  );
  return bytes(
    1,
    message(...n.inputs.map((i) => str(1, i)), ...n.outputs.map((o) => str(2, o)), str(3, `${n.op}_${index}`), str(4, n.op), ...attributes),
  );
}

function initializer(t: OnnxInitializer): Field {
  const raw = new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength);
  // TensorProto: dims 1, data_type 2, name 8, raw_data 9 (little-endian, as typed arrays are here).
  return bytes(
    5,
    message(...t.dims.map((d) => int(1, d)), int(2, t.data instanceof Float32Array ? FLOAT : INT64), str(8, t.name), bytes(9, raw)),
  );
}

function valueInfo(field: 11 | 12, v: OnnxValue): Field {
  // TensorShapeProto.Dimension: dim_value 1, dim_param 2.
  const dims = v.shape.map((d) => bytes(1, typeof d === 'number' ? int(1, d) : str(2, d)));
  // ValueInfoProto { name 1, type 2 }; TypeProto { tensor_type 1 }; TypeProto.Tensor { elem_type 1, shape 2 }.
  const tensorType = message(int(1, v.elemType), bytes(2, message(...dims)));
  return bytes(field, message(str(1, v.name), bytes(2, bytes(1, tensorType))));
}

/** A serialised ModelProto (IR version 8) holding the graph. */
export function encodeOnnxModel(graph: OnnxGraph): Uint8Array {
  const g = message(
    ...graph.nodes.map(node),
    str(2, graph.name),
    ...graph.initializers.map(initializer),
    ...graph.inputs.map((v) => valueInfo(11, v)),
    ...graph.outputs.map((v) => valueInfo(12, v)),
  );
  // ModelProto: ir_version 1, producer_name 2, graph 7, opset_import 8 ({ domain 1, version 2 }).
  return message(int(1, 8), str(2, 'wayfinder-gym'), bytes(7, g), bytes(8, message(str(1, ''), int(2, graph.opset))));
}
