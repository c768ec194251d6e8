// scenario: decodes a lidar packet whose byte payload holds float32 points and int16 intensities
// tier: 1
// family: from-blob-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <vector>

int main() {
  const int64_t num_points = 64;
  const size_t header_bytes = 16;
  const size_t xyz_bytes = num_points * 3 * sizeof(float);
  const size_t intensity_bytes = num_points * sizeof(int16_t);

  // Build a packet the way the driver hands it over: a fixed header, then
  // xyz as little-endian float32, then intensities as int16.
  std::vector<float> xyz(num_points * 3);
  std::vector<int16_t> intensity(num_points);
  for (int64_t i = 0; i < num_points; ++i) {
    float angle = 0.1f * static_cast<float>(i);
    xyz[3 * i + 0] = 10.0f * std::cos(angle);
    xyz[3 * i + 1] = 10.0f * std::sin(angle);
    xyz[3 * i + 2] = 0.05f * static_cast<float>(i % 8);
    intensity[i] = static_cast<int16_t>(100 + (i * 37) % 900);
  }
  std::vector<uint8_t> packet(header_bytes + xyz_bytes + intensity_bytes, 0);
  packet[0] = 0xA5;
  packet[1] = 0x5A;
  std::memcpy(packet.data() + header_bytes, xyz.data(), xyz_bytes);
  std::memcpy(packet.data() + header_bytes + xyz_bytes, intensity.data(), intensity_bytes);

  // Decode straight from the packet buffer.
  uint8_t *payload = packet.data() + header_bytes;
  auto points = torch::from_blob(payload, {num_points, 3}, torch::kFloat).clone();
  auto raw_intensity =
      torch::from_blob(payload + xyz_bytes, {num_points}, torch::kShort).clone();
  auto header = torch::from_blob(packet.data(), {static_cast<int64_t>(header_bytes)},
                                 torch::kByte);

  auto magic = header.slice(0, 0, 2).to(torch::kInt);
  auto ranges = points.norm(2, 1);
  auto reflectivity = raw_intensity.to(torch::kFloat) / 1000.0f;
  auto weighted = ranges * reflectivity;

  auto near = ranges < 10.002f;
  auto centroid = points.mean(0);

  std::cout << "magic " << magic[0].item<int>() << " " << magic[1].item<int>() << "\n";
  std::cout << "range min/max " << ranges.min().item<float>() << " " << ranges.max().item<float>()
            << "\n";
  std::cout << "near points " << near.sum().item<int64_t>() << "\n";
  std::cout << "centroid " << centroid << "\n";
  std::cout << "weighted mean " << weighted.mean().item<float>() << "\n";

  bool decoded = points[5][0].item<float>() == xyz[15] &&
                 raw_intensity[3].item<int16_t>() == intensity[3] &&
                 magic[0].item<int>() == 0xA5;
  return decoded ? 0 : 1;
}
