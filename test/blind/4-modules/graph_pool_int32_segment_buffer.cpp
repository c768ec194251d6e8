// scenario: graph readout module keeps the node-to-graph assignment as an int32 buffer and pools node features with scatter_add_
// tier: 4
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: scatter(): Expected dtype int64 for index
#include <torch/torch.h>
#include <iostream>
#include <vector>

class GraphReadoutImpl : public torch::nn::Module {
 public:
  GraphReadoutImpl(const std::vector<int32_t>& node_to_graph, int64_t dim)
      : num_graphs_(1 + *std::max_element(node_to_graph.begin(), node_to_graph.end())),
        lin_(register_module("lin", torch::nn::Linear(dim, dim))) {
    segment_ = register_buffer("segment", torch::tensor(node_to_graph, torch::kInt32));
  }

  torch::Tensor forward(const torch::Tensor& node_feats) {
    torch::Tensor h = torch::relu(lin_->forward(node_feats));
    torch::Tensor idx = segment_.unsqueeze(1).expand_as(h);
    torch::Tensor pooled = torch::zeros({num_graphs_, h.size(1)}, h.options());
    pooled.scatter_add_(0, idx, h); // BUG
    torch::Tensor sizes = torch::bincount(segment_.to(torch::kLong), {}, num_graphs_);
    return pooled / sizes.unsqueeze(1);
  }

 private:
  int64_t num_graphs_;
  torch::nn::Linear lin_;
  torch::Tensor segment_;
};
TORCH_MODULE(GraphReadout);

int main() {
  torch::manual_seed(127);
  std::vector<int32_t> batch_vector = {0, 0, 0, 1, 1, 2, 2, 2, 2};
  GraphReadout readout(batch_vector, 5);
  torch::Tensor x = torch::randn({9, 5});
  torch::Tensor g = readout->forward(x);
  std::cout << "graph embeddings " << g.sizes() << "\n" << g << "\n";
  return 0;
}
